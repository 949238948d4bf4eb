/** Group 12's printed section: one goal pushed to every subscription following the team. */
import type { PushGroupResult } from './push-group.ts';
import { formatNumber, formatTable } from '../report-format.ts';

export function formatPushSection(result: PushGroupResult | undefined): string[] {
  if (!result) return [];
  const row = [
    formatNumber(result.subscriptions + (result.others ?? 0)),
    formatNumber(result.subscriptions),
    result.queuedMs === undefined ? '—' : `${formatNumber(result.queuedMs)} ms`,
    `${formatNumber(result.received)} (${formatNumber(result.signed)} com VAPID válido)`,
    `${formatNumber(result.lastMs)} ms`,
    `${formatNumber(result.cpuSeconds, 2)} s`,
    `${formatNumber(result.rssBeforeMb)} → ${formatNumber(result.maxRssMb)} MB`,
  ];
  return [
    '12. Web Push: um gol para as inscrições que seguem o time (serviço de push local em https, no processo do benchmark)',
    formatTable(
      [
        'inscrições',
        'seguem o time',
        'envio → último na fila',
        'pushes recebidos',
        'envio → último recebido',
        'CPU de quem envia',
        'RSS de quem envia (pico)',
      ],
      [row],
    ),
    `  Um push decifrado (RFC 8291) diz: "${result.sampleTitle}". A atualização não espera o envio (fila à parte).`,
  ];
}
