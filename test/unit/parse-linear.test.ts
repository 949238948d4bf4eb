/**
 * The listing parse is linear (issue 20, item 3): 10× the candidates costs about 10× the time,
 * not 100× (it was quadratic: css-select's removeSubsets over a huge element's children). A
 * ratio with a generous margin, never an absolute time; the figures are in docs/operations.md.
 * That the output on the sample pages is unchanged is parse-listing.test.ts (expected.json).
 */
import { describe, expect, it } from 'vitest';
import { readListingPage } from '../../src/upstream/parse-listing.ts';

const PAGE_URL = 'http://127.0.0.1:4000/jogos-de-hoje';

/** `count` match-row candidates (one team cell each: each is read as its own tree, then skipped), plus one real row. */
function candidatesPage(count: number): string {
  const candidate = (i: number): string =>
    `<a href="/liga/21-11-2026-a${i}-x-b${i}.html"><i class="team-name">${i}</i></a>`;
  const candidates = Array.from({ length: count }, (_, i) => candidate(i)).join('');
  const real =
    '<a href="/liga/21-11-2026-casa-x-fora.html"><div class="team-name"><h5>Casa</h5></div>' +
    '<div class="team-name"><h5>Fora</h5></div></a>';
  const header = '<h3 class="match-list_league-name">Liga</h3>';
  return `<html><body><div id="livescore">${header}${candidates}${real}</div></body></html>`;
}

function timeParse(html: string): number {
  const started = performance.now();
  const read = readListingPage(html, PAGE_URL);
  const ms = performance.now() - started;
  expect(read.matches).toHaveLength(1);
  return ms;
}

describe('the listing parse on huge pages', () => {
  it('takes about 10× as long for 100k candidates as for 10k (bound: 25×)', () => {
    const small = candidatesPage(10_000);
    const large = candidatesPage(100_000);
    timeParse(small); // warm-up: compile the parser's code paths
    // Interleaved, fastest of each: a busy machine slows both sizes alike.
    let smallMs = Number.POSITIVE_INFINITY;
    let largeMs = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 2; round++) {
      smallMs = Math.min(smallMs, timeParse(small));
      largeMs = Math.min(largeMs, timeParse(large));
    }
    expect(largeMs / smallMs).toBeLessThan(25);
  }, 120_000);

  it('counts every candidate it skips, and reads a page of one element with 100k children', () => {
    const read = readListingPage(candidatesPage(100_000), PAGE_URL);
    expect(read.diagnostics.candidates).toBe(100_001);
    expect(read.diagnostics.skipped).toBe(100_000);
    expect(read.diagnostics.skippedCandidates).toHaveLength(50);
  }, 60_000);

  it('does not read a "candidate" far bigger than a match, and says why', () => {
    const teams = '<div class="team-name">A</div><div class="team-name">B</div>';
    const huge = `<a href="/liga/21-11-2026-a-x-b.html">${teams}${'<i></i>'.repeat(400)}</a>`;
    const real =
      '<a href="/liga/21-11-2026-c-x-d.html"><div class="team-name">C</div><div class="team-name">D</div></a>';
    const read = readListingPage(
      `<html><body><div id="livescore"><h3 class="match-list_league-name">Liga</h3>${huge}${real}</div></body></html>`,
      PAGE_URL,
    );
    expect(read.matches.map((m) => m.id)).toEqual(['liga/21-11-2026-c-x-d']);
    expect(read.diagnostics.skippedCandidates[0]?.reason).toMatch(/grande demais/);
  });
});
