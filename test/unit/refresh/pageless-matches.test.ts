/**
 * The log says once which matches get no page of their own (src/refresh/render/pageless-matches.ts):
 * each such id the first time a render lists it, with the rule's reason, not on every refresh.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { emptySnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { pagelessMatchNotices } from '../../../src/refresh/render/pageless-matches.ts';
import { buildSampleMatch, SAMPLE_MATCH_ID } from '../../support/samples/sample-match.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const NESTED = 'copa/27-11-2026-alfa-x-beta/27-11-2026-gama-x-delta';
const LONG = `copa/27-11-2026-${'x'.repeat(272)}`;

function snapshotOf(hoje: readonly string[], amanha: readonly string[] = []): Snapshot {
  const snapshot = emptySnapshot(UPSTREAM);
  const envelope = (listing: 'hoje' | 'amanha', ids: readonly string[]) => ({
    ...snapshot[listing],
    count: ids.length,
    matches: ids.map((id) => buildSampleMatch({ id, url: `${UPSTREAM}/${id}.html` })),
  });
  return { ...snapshot, hoje: envelope('hoje', hoje), amanha: envelope('amanha', amanha) };
}

describe('matches without a page of their own, in the log', () => {
  it('names each once, with the reason, however many listings and refreshes show it', () => {
    const snapshot = snapshotOf([SAMPLE_MATCH_ID, NESTED, LONG], [NESTED]);
    expect(pagelessMatchNotices(snapshot)).toEqual([
      `aviso: o jogo ${NESTED} fica sem página própria no Placar (id com 2 barras, precisa de exatamente uma); sua linha leva à página do site de origem`,
      `aviso: o jogo ${LONG} fica sem página própria no Placar (trecho do id com 283 bytes, máximo 234 num nome de arquivo); sua linha leva à página do site de origem`,
    ]);
    expect(pagelessMatchNotices(snapshot)).toEqual([]);
  });

  it('names a match again when it comes back after leaving the listings', () => {
    const id = 'copa/27-11-2026-Volta-x-Ida';
    expect(pagelessMatchNotices(snapshotOf([id]))).toHaveLength(1);
    expect(pagelessMatchNotices(snapshotOf([]))).toEqual([]);
    expect(pagelessMatchNotices(snapshotOf([id]))).toHaveLength(1);
  });
});
