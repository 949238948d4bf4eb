import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createListingRowCache, type ListingRowCache } from '../../../src/upstream/listing/listing-row-cache.ts';
import { readListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');
const PAGE_URL = 'https://www.placardefutebol.com.br/jogos-de-hoje';
const readFixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const PAGES = [
  'jogos-em-andamento.html',
  'jogos-de-hoje.html',
  'jogos-de-amanha.html',
  'jogos-de-ontem.html',
  ...fs.readdirSync(path.join(FIXTURES, 'variants')).map((name) => `variants/${name}`),
];

/** The page's read, or its refusal's message: a read with the cache must give what one without it gives. */
function readOrRefusal(html: string, rows: ListingRowCache | null = null): unknown {
  try {
    return readListingPage(html, PAGE_URL, rows);
  } catch (error) {
    return String(error);
  }
}

const row = (id: string, home: string, away: string, status: string, label = ''): string => `
  <a href="/brasileirao-serie-a/21-11-2026-${id}.html">${label ? `<div class="match-card-league-name">${label}</div>` : ''}
    <div class="row align-items-center content">
      <div class="w-25 p-1 status text-center"><span class="badge status-name">${status}</span></div>
      <div class="w-25 p-2 team-name"><h5 class="team_link">${home}</h5></div>
      <div class="w-25 p-1 match-score"><h4><span class="badge badge-default">1</span></h4></div>
      <div class="w-25 p-1 match-score"><h4><span class="badge badge-default">0</span></h4></div>
      <div class="w-25 p-2 team-name"><h5 class="team_link">${away}</h5></div>
    </div>
  </a>`;
const header = (name: string): string =>
  `<div class="row row-fix"><div class="col-12"><h3 class="match-list_league-name">${name}</h3></div></div>`;
const page = (...parts: string[]): string =>
  `<!DOCTYPE html><html><body><div id="livescore">${parts.join('\n')}</div></body></html>`;

describe('a listing read with the rows of its previous read', () => {
  it('reads every sample page as a read without the cache does, whatever page the cache saw before', () => {
    const rows = createListingRowCache();
    // Each page twice in a row (every row cached), and each after another page (few or none).
    for (const name of [...PAGES, ...PAGES.toReversed()]) {
      const html = readFixture(name);
      expect(readOrRefusal(html, rows), name).toEqual(readOrRefusal(html));
      expect(readOrRefusal(html, rows), `${name}, again`).toEqual(readOrRefusal(html));
    }
  });

  it('takes an unchanged row as read before, and reads a changed one again', () => {
    const rows = createListingRowCache();
    const before = page(
      header('Copa do Brasil'),
      row('a-x-b', 'A', 'B', '10 MIN'),
      row('c-x-d', 'C', 'D', 'ENCERRADO'),
    );
    const after = before.replace('10 MIN', '11 MIN');
    const first = readListingPage(before, PAGE_URL, rows).matches;
    const second = readListingPage(after, PAGE_URL, rows).matches;
    expect(second[1]).toBe(first[1]);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]?.minute).toBe(11);
    expect(second).toEqual(readListingPage(after, PAGE_URL).matches);
  });

  it('reads a row again when the header above it changes, though the row itself did not', () => {
    const rows = createListingRowCache();
    const match = row('a-x-b', 'A', 'B', 'ENCERRADO');
    readListingPage(page(header('Copa do Brasil'), match), PAGE_URL, rows);
    const [renamed] = readListingPage(page(header('Copa do Nordeste'), match), PAGE_URL, rows).matches;
    expect(renamed?.competition.name).toBe('Copa do Nordeste');
  });

  it('reads a featured row again when the label before it changes', () => {
    const rows = createListingRowCache();
    const featured = (label: string): string =>
      page(
        header('Jogos em destaque'),
        `<div class="container content trending-box"><div class="match-card-league-name">${label}</div>${row('a-x-b', 'A', 'B', 'ENCERRADO')}</div>`,
      );
    const [first] = readListingPage(featured('Copa do Brasil'), PAGE_URL, rows).matches;
    const [second] = readListingPage(featured('Copa do Nordeste'), PAGE_URL, rows).matches;
    expect(readListingPage(featured('Copa do Nordeste'), PAGE_URL).matches[0]?.competition.name).toBe(
      'Copa do Nordeste',
    );
    expect([first?.competition.name, second?.competition.name]).toEqual(['Copa do Brasil', 'Copa do Nordeste']);
  });

  it('never changes a cached match: a competition named by a featured copy is not kept once that copy is gone', () => {
    const rows = createListingRowCache();
    // The row before any header has no competition; its featured copy names it (order-listing.ts).
    const orphan = row('a-x-b', 'A', 'B', 'ENCERRADO');
    const other = row('c-x-d', 'C', 'D', 'ENCERRADO');
    const withCopy = page(
      orphan,
      header('Jogos em destaque'),
      `<div class="container content trending-box">${row('a-x-b', 'A', 'B', 'ENCERRADO', 'Copa do Brasil')}</div>`,
      header('Copa do Nordeste'),
      other,
    );
    const withoutCopy = page(orphan, header('Copa do Nordeste'), other);
    const named = readListingPage(withCopy, PAGE_URL, rows).matches;
    expect(named.map((match) => match.competition.name)).toEqual(['Copa do Brasil', 'Copa do Nordeste']);
    const read = readListingPage(withoutCopy, PAGE_URL, rows);
    expect(read).toEqual(readListingPage(withoutCopy, PAGE_URL));
    expect(read.matches.map((match) => match.id)).toEqual(['brasileirao-serie-a/21-11-2026-c-x-d']);
  });

  it('keeps only the rows of its last read', () => {
    const rows = createListingRowCache();
    const a = page(header('Copa do Brasil'), row('a-x-b', 'A', 'B', 'ENCERRADO'));
    const b = page(header('Copa do Brasil'), row('c-x-d', 'C', 'D', 'ENCERRADO'));
    const [first] = readListingPage(a, PAGE_URL, rows).matches;
    readListingPage(b, PAGE_URL, rows);
    readListingPage(b, PAGE_URL, rows);
    expect(readListingPage(a, PAGE_URL, rows).matches[0]).not.toBe(first);
  });

  it('keeps at most its bound of rows from one read to the next, and reads the others again', () => {
    const rows = createListingRowCache(2);
    const listing = page(
      header('Copa do Brasil'),
      row('a-x-b', 'A', 'B', 'ENCERRADO'),
      row('c-x-d', 'C', 'D', 'ENCERRADO'),
      row('e-x-f', 'E', 'F', 'ENCERRADO'),
    );
    const first = readListingPage(listing, PAGE_URL, rows).matches;
    const second = readListingPage(listing, PAGE_URL, rows).matches;
    expect(second.slice(0, 2)).toEqual(first.slice(0, 2));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(second).toEqual(readListingPage(listing, PAGE_URL).matches);
  });
});
