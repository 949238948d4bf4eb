/** Group 10's printed section: open streams held by a Placar process and by Pushpin, side by side. */
import type { PushpinGroupResult } from './pushpin-group.ts';
import { formatNumber, formatTable } from '../report-format.ts';

export function formatPushpinSection(result: PushpinGroupResult | undefined): string[] {
  if (!result || result.sides.length === 0) return [];
  const rows = result.sides.map((side) => [
    side.holder === 'placar' ? 'Placar (1 processo)' : 'Pushpin (serviços somados)',
    formatNumber(side.streams),
    `${formatNumber(side.rssBeforeMb)} → ${formatNumber(side.rssAfterMb)} MB`,
    `${formatNumber(side.rssPerStreamKb, 1)} KB`,
    `${formatNumber(side.placarPerStreamKb, 1)} KB`,
    `${formatNumber(side.openSeconds, 1)} s (${formatNumber(side.refused)} recusados)`,
    `${formatNumber(side.firstMs)} ms`,
    `${formatNumber(side.lastMs)} ms${side.missed > 0 ? ` (${formatNumber(side.missed)} sem o evento)` : ''}`,
  ]);
  const pushpin = result.sides.find((side) => side.holder === 'pushpin');
  const parts = Object.entries(pushpin?.perProcessKb ?? {})
    .map(([name, kb]) => `${name} ${formatNumber(kb, 1)} KB`)
    .join(', ');
  return [
    '10. Fluxos de eventos no Pushpin e no Placar, lado a lado (um leitor REFRESH_CRON=off; npm run refresh publica no Pushpin)',
    formatTable(
      [
        'quem segura',
        'fluxos',
        'RSS de quem segura',
        'RSS por fluxo',
        'Placar por fluxo',
        'abrir todos, 200 por vez',
        'troca → 1º fluxo',
        'troca → último fluxo',
      ],
      rows,
    ),
    ...(parts === '' ? [] : [`  Pushpin por fluxo, por serviço: ${parts}.`]),
    '  Os clientes rodam no processo do benchmark, na mesma máquina de 2 núcleos: o "último" inclui o tempo de leitura deles.',
  ];
}
