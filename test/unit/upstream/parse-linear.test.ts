/**
 * The listing parse is linear (issue 20, item 3): 10× the candidates costs about 10× the time,
 * not 100× (it was quadratic: css-select's removeSubsets over a huge element's children). And in
 * depth (issue 35, H2): htmlparser2 pays each tag in the number of elements open, so a page
 * nested past MAX_DEPTH is refused at once, at any size up to the 5 MB cap, and one nested just
 * under it costs time linear in its size. Ratios with a generous margin or counts of steps,
 * never an absolute time; the figures are in docs/operations.md. That the output on the sample
 * pages is unchanged is parse-listing.test.ts (expected.json).
 */
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/upstream/fetch/errors.ts';
import { MAX_DEPTH } from '../../../src/upstream/scan-page-steps.ts';
import { readListingPage, readListingPageSteps } from '../../../src/upstream/listing/parse-listing.ts';

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

/**
 * The CPU time `work` takes, in ms: unlike the wall clock, it does not grow while a busy machine
 * runs other processes in between.
 */
function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

function timeParse(html: string): number {
  return cpuMs(() => expect(readListingPage(html, PAGE_URL).matches).toHaveLength(1));
}

/** The least CPU time of `rounds` runs of each page, interleaved (a busy machine slows them alike). */
function fastestOf(pages: readonly string[], parse: (html: string) => void, rounds = 2): number[] {
  for (const html of pages) parse(html); // warm-up: compile the parser's code paths
  const fastest = pages.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < rounds; round++) {
    pages.forEach((html, index) => {
      fastest[index] = Math.min(
        fastest[index] ?? Number.POSITIVE_INFINITY,
        cpuMs(() => parse(html)),
      );
    });
  }
  return fastest;
}

/** MAX_RESPONSE_BYTES's default: the largest page the fetch lets through. */
const CAP = 5_000_000;
const ONE_ROW =
  '<h3 class="match-list_league-name">Liga</h3><a href="/liga/21-11-2026-casa-x-fora.html">' +
  '<div class="team-name"><h5>Casa</h5></div><div class="team-name"><h5>Fora</h5></div></a>';
const listingOf = (inner: string): string => `<html><body><div id="livescore">${ONE_ROW}${inner}</div></body></html>`;
/** `<div>` nested `levels` deep, closed again. */
const tower = (levels: number): string => `${'<div>'.repeat(levels)}${'</div>'.repeat(levels)}`;
/** A listing of about `bytes`: `unit` repeated after the one real row. */
const filled = (unit: string, bytes: number): string => listingOf(unit.repeat(Math.floor(bytes / unit.length)));

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

  it('refuses a page nested past the bound at the 5 MB cap within its first steps, saying why', () => {
    // 5 MB of `<div>`: a million levels. Each step is a chunk of the page; the parse may not
    // read the whole page (before the bound, each chunk cost more than the one before).
    const steps = readListingPageSteps(filled('<div>', CAP), PAGE_URL);
    let taken = 0;
    let refusal: unknown = null;
    try {
      while (taken < 10 && !steps.next().done) taken++;
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ParseError);
    expect(String(refusal)).toMatch(/aninha elementos em mais de 500 níveis/);
    expect(taken).toBeLessThan(3);
  });

  it('costs no more for a page nested 40k deep than for a flat one of its size (it was 10×, growing with the depth)', () => {
    const deep = listingOf(tower(40_000));
    const flat = filled('<i></i>', deep.length - listingOf('').length);
    const [deepMs = 0, flatMs = 0] = fastestOf([deep, flat], (html) => {
      try {
        readListingPage(html, PAGE_URL);
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
      }
    });
    expect(deepMs / flatMs).toBeLessThan(3);
    expect(() => readListingPage(deep, PAGE_URL)).toThrow(/aninha elementos em mais de 500 níveis/);
  }, 120_000);

  it(`reads a 5 MB page of towers ${MAX_DEPTH - 50} deep in about 4× the time of 1.25 MB (bound: 8×)`, () => {
    const unit = tower(MAX_DEPTH - 50);
    const small = filled(unit, CAP / 4);
    const large = filled(unit, CAP);
    expect(large.length).toBeGreaterThan(CAP - unit.length - 1000);
    const [smallMs = 0, largeMs = 0] = fastestOf([small, large], (html) => {
      expect(readListingPage(html, PAGE_URL).matches).toHaveLength(1);
    });
    expect(largeMs / smallMs).toBeLessThan(8);
  }, 120_000);

  it('reads a page of 100k headers a step per header, not all of them in one step', () => {
    const header = '<h3 class="match-list_league-name">Liga</h3>';
    const html = filled(header, CAP);
    const headers = Math.floor(CAP / header.length);
    const steps = readListingPageSteps(html, PAGE_URL);
    let taken = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) taken++;
    expect(next.value.matches).toHaveLength(1);
    expect(taken).toBeGreaterThan(headers);
  }, 60_000);

  it('does not read a "candidate" of 5 MB of text either (it would be one step as long as the page)', () => {
    const html = listingOf(
      `<a href="/liga/21-11-2026-a-x-b.html"><i class="team-name">A</i><i class="team-name">B</i>${'x'.repeat(CAP)}</a>`,
    );
    const read = readListingPage(html, PAGE_URL);
    expect(read.matches).toHaveLength(1);
    expect(read.diagnostics.skippedCandidates[0]?.reason).toMatch(/grande demais/);
  }, 60_000);
});
