/**
 * Where alerts reach a fan, in words (pt-BR): also with Placar closed where push took this browser's
 * subscription, else only while a page is open — and why, so "Alertas ativados" never promises more
 * than the browser gives.
 */

/** Why push does not reach this browser. */
export type PushMiss = 'unsupported' | 'server-off' | 'push-service' | 'server-refused';

export type PushReach = { pushed: true } | { pushed: false; why: PushMiss };

export const REACH_CLOSED = 'Os alertas chegam também com o Placar fechado.';
export const REACH_CHECKING =
  'Os alertas chegam enquanto o Placar estiver aberto. Verificando se podem chegar também com ele fechado…';

const ONLY_OPEN = 'Os alertas só chegam enquanto o Placar estiver aberto';
const WHY: Record<PushMiss, string> = {
  unsupported: 'este navegador não recebe notificações de sites fechados (numa janela anônima, por exemplo).',
  'server-off': 'este endereço do Placar não envia alertas com o site fechado.',
  'push-service':
    'o serviço de notificações do navegador não respondeu ou recusou a inscrição (sem conexão com ele, janela anônima ou bloqueio do navegador).',
  'server-refused': 'o Placar não aceitou a inscrição deste navegador agora. Ela é tentada de novo na próxima visita.',
};

export function reachNote(reach: PushReach): string {
  return reach.pushed ? REACH_CLOSED : `${ONLY_OPEN}: ${WHY[reach.why]}`;
}
