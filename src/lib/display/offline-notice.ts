/** What a view says when its data came from the service worker's copy (or no answer came at all). */
import { buildLastUpdateText } from './match-display.ts';

/** "Sem conexão — mostrando os dados de 19:41:05" (the data's own time, São Paulo). */
export function buildOfflineNotice(generatedAt: string | null): string {
  return generatedAt === null
    ? 'Sem conexão — ainda sem dados para mostrar.'
    : `Sem conexão — mostrando os dados de ${buildLastUpdateText(generatedAt)}`;
}
