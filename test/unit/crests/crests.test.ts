/**
 * The pure crest decisions: which bytes are a raster image (by magic bytes, never SVG), which
 * hosts count as the upstream's, and which crests a refresh may fetch (new, bounded, once).
 */
import { describe, expect, it } from 'vitest';
import { buildCrestPaths, type CrestMap } from '../../../src/lib/store/scraped/crest-store.ts';
import { withCrestSources } from '../../../src/lib/store/scraped/legacy-crests.ts';
import { withServedCrests } from '../../../src/crests/served-crests.ts';
import { CREST_RETRY_AFTER_MS, crestPriority, planCrestFetches } from '../../../src/crests/plan-crest-fetches.ts';
import { dropForeignCrests, isAllowedCrestUrl } from '../../../src/crests/crest-origin.ts';
import { sniffRasterType } from '../../../src/crests/sniff-image.ts';
import { buildDemoCrest } from '../../../src/demo/demo-crests.ts';
import { MatchSchema, type Match, type Snapshot } from '../../../src/lib/model/model.ts';
import { emptySnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const SOURCES = { upstreamUrl: UPSTREAM, crestOrigins: [] };
const NOW = new Date('2026-11-21T22:00:00Z');

function withCrests(...pairs: [string | null, string | null][]): Snapshot {
  const snapshot = emptySnapshot(UPSTREAM);
  snapshot.hoje.matches = pairs.map(
    ([home, away], index) =>
      ({
        id: `liga/21-11-2026-a${index}-x-b${index}`,
        url: `${UPSTREAM}/liga/21-11-2026-a${index}-x-b${index}.html`,
        competition: { name: 'Liga', slug: 'liga' },
        date: '2026-11-21',
        kickoff: null,
        status: 'FINISHED',
        statusLabel: 'ENCERRADO',
        minute: null,
        injuryTime: null,
        homeTeam: { name: `A${index}`, crest: null, crestSource: home, slug: null },
        awayTeam: { name: `B${index}`, crest: null, crestSource: away, slug: null },
        score: { home: 1, away: 0, penalties: null },
      }) satisfies Match,
  );
  return snapshot;
}

describe('sniffRasterType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffRasterType(buildDemoCrest('flamengo'))).toBe('png');
    expect(sniffRasterType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(sniffRasterType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffRasterType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  });

  it('refuses SVG, HTML and anything else, whatever it claims to be', () => {
    expect(sniffRasterType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(sniffRasterType(Buffer.from('<!DOCTYPE html><html>'))).toBeNull();
    expect(sniffRasterType(Buffer.from('GIF87b'))).toBeNull();
    expect(sniffRasterType(new Uint8Array())).toBeNull();
  });
});

describe('isAllowedCrestUrl: the upstream origin and CREST_HOSTS only', () => {
  it('accepts the upstream origin, and an origin CREST_HOSTS lists', () => {
    expect(isAllowedCrestUrl(`${UPSTREAM}/escudos/a.png`, UPSTREAM, [])).toBe(true);
    expect(isAllowedCrestUrl('http://127.0.0.1:4000/a.png', 'http://127.0.0.1:4000', [])).toBe(true);
    const cdn = 'https://cdn.placardefutebol.com.br';
    expect(isAllowedCrestUrl(`${cdn}/a.png`, UPSTREAM, [cdn])).toBe(true);
  });

  it('refuses other origins (subdomains, ports, schemes), look-alikes and URLs with a user or password', () => {
    for (const url of [
      'https://evil.example/a.png',
      'https://cdn.placardefutebol.com.br/a.png',
      'https://placardefutebol.com.br/a.png',
      'http://www.placardefutebol.com.br/a.png',
      'https://www.placardefutebol.com.br:8443/a.png',
      'https://placardefutebol.com.br.evil.example/a.png',
      'ftp://www.placardefutebol.com.br/a.png',
      'data:image/png;base64,AAAA',
      'https://user:pw@www.placardefutebol.com.br/a.png',
      'https://user@www.placardefutebol.com.br/a.png',
    ]) {
      expect(isAllowedCrestUrl(url, UPSTREAM, []), url).toBe(false);
    }
    expect(isAllowedCrestUrl('http://127.0.0.1:5000/a.png', 'http://127.0.0.1:4000', [])).toBe(false);
    expect(isAllowedCrestUrl('http://127.0.0.2:4000/a.png', 'http://127.0.0.1:4000', [])).toBe(false);
    expect(isAllowedCrestUrl('http://cdn.example:81/a.png', UPSTREAM, ['http://cdn.example'])).toBe(false);
  });

  it('drops a refused crest from the matches (null), keeping the allowed one', () => {
    const withUser = 'https://u:p@www.placardefutebol.com.br/b.png';
    const match = withCrests([`${UPSTREAM}/escudos/a.png`, withUser]).hoje.matches[0];
    expect(match).toBeDefined();
    const [kept] = dropForeignCrests(match ? [match] : [], UPSTREAM, []);
    expect(kept?.homeTeam.crestSource).toBe(`${UPSTREAM}/escudos/a.png`);
    expect(kept?.awayTeam).toMatchObject({ crest: null, crestSource: null });
  });
});

describe('planCrestFetches', () => {
  const a = `${UPSTREAM}/escudos/a.png`;
  const b = `${UPSTREAM}/escudos/b.png`;
  const c = `${UPSTREAM}/escudos/c.png`;

  it('fetches each crest the snapshot shows once, in order, skipping other hosts and repeats', () => {
    const snapshot = withCrests([a, b], [a, 'https://evil.example/x.png'], [null, c]);
    expect(planCrestFetches(snapshot, {}, SOURCES, NOW, 20)).toEqual([a, b, c]);
  });

  it('never asks again for a stored crest; a failed one only after a day', () => {
    const snapshot = withCrests([a, b], [c, null]);
    const known: CrestMap = {
      [a]: { file: `${'0'.repeat(64)}.png`, checkedAt: '2020-01-01T00:00:00-03:00' },
      [b]: { file: null, checkedAt: new Date(NOW.getTime() - CREST_RETRY_AFTER_MS + 60_000).toISOString() },
      [c]: { file: null, checkedAt: new Date(NOW.getTime() - CREST_RETRY_AFTER_MS).toISOString() },
    };
    expect(planCrestFetches(snapshot, known, SOURCES, NOW, 20)).toEqual([c]);
  });

  it('fetches at most `limit` per refresh', () => {
    const many = Array.from({ length: 30 }, (_, i): [string, string] => [
      `${UPSTREAM}/h${i}.png`,
      `${UPSTREAM}/a${i}.png`,
    ]);
    expect(planCrestFetches(withCrests(...many), {}, SOURCES, NOW, 20)).toHaveLength(20);
  });

  it('fetches by priority: playing first, then today’s next kick-offs, the rest of today, tomorrow, yesterday', () => {
    const crest = (name: string): string => `${UPSTREAM}/escudos/${name}.png`;
    const match = (name: string, status: Match['status'], kickoff: string | null): Match => ({
      ...(withCrests([null, null]).hoje.matches[0] as Match),
      id: `liga/${name}`,
      status,
      kickoff,
      homeTeam: { name: `${name} casa`, crest: null, crestSource: crest(`${name}-casa`), slug: null },
      awayTeam: { name: `${name} fora`, crest: null, crestSource: crest(`${name}-fora`), slug: null },
    });
    const snapshot = emptySnapshot(UPSTREAM);
    snapshot.ontem.matches = [match('ontem', 'FINISHED', null)];
    snapshot.amanha.matches = [match('amanha', 'SCHEDULED', '2026-11-22T16:00:00-03:00')];
    snapshot.hoje.matches = [
      match('encerrado', 'FINISHED', null),
      match('mais-tarde', 'SCHEDULED', '2026-11-21T21:30:00-03:00'),
      match('intervalo', 'PAUSED', null),
      match('logo', 'SCHEDULED', '2026-11-21T19:00:00-03:00'),
    ];
    snapshot.live.matches = [match('ao-vivo', 'IN_PLAY', null)];
    const order = ['ao-vivo', 'intervalo', 'logo', 'mais-tarde', 'encerrado', 'amanha', 'ontem'];
    expect(planCrestFetches(snapshot, {}, SOURCES, NOW, 20)).toEqual(
      order.flatMap((name) => [crest(`${name}-casa`), crest(`${name}-fora`)]),
    );
    // A cold start's first refresh (limit 20 crests = 10 matches) gets the playing ones first.
    expect(planCrestFetches(snapshot, {}, SOURCES, NOW, 4)).toEqual([
      crest('ao-vivo-casa'),
      crest('ao-vivo-fora'),
      crest('intervalo-casa'),
      crest('intervalo-fora'),
    ]);
    expect(crestPriority('ontem', match('x', 'IN_PLAY', null))).toBe(0);
  });
});

describe('buildCrestPaths', () => {
  it('maps stored crests to /escudos/<file> and leaves failed ones out', () => {
    const file = `${'a'.repeat(64)}.webp`;
    expect(buildCrestPaths({ x: { file, checkedAt: '' }, y: { file: null, checkedAt: '' } })).toEqual(
      new Map([['x', `/escudos/${file}`]]),
    );
  });
});

// Issue 27 (integrator 1): the API names Placar's own copy, never the upstream's image.
describe('withServedCrests', () => {
  it("sets each team's crest to Placar's copy of its crestSource, or null while it holds none", () => {
    const stored = `/escudos/${'b'.repeat(64)}.png`;
    const a = `${UPSTREAM}/escudos/a.png`;
    const [match] = withCrests([a, `${UPSTREAM}/escudos/sem-copia.png`]).hoje.matches;
    const [served] = withServedCrests(match ? [match] : [], new Map([[a, stored]]));
    expect(served?.homeTeam).toEqual({ name: 'A0', crest: stored, crestSource: a, slug: null });
    expect(served?.awayTeam).toEqual({
      name: 'B0',
      crest: null,
      crestSource: `${UPSTREAM}/escudos/sem-copia.png`,
      slug: null,
    });
    expect(MatchSchema.safeParse(served).success).toBe(true);
    // An upstream URL is never a valid crest: the model only takes Placar's paths there.
    expect(
      MatchSchema.safeParse({ ...served, homeTeam: { name: 'A0', crest: a, crestSource: a, slug: null } }).success,
    ).toBe(false);
  });

  it('reads a snapshot or event file written before crestSource: the URL moves to crestSource', () => {
    const legacy = {
      live: { matches: [{ homeTeam: { name: 'A', crest: 'https://x/a.png' }, awayTeam: { name: 'B', crest: null } }] },
    };
    expect(withCrestSources(legacy)).toEqual({
      live: {
        matches: [
          {
            homeTeam: { name: 'A', crest: null, crestSource: 'https://x/a.png' },
            awayTeam: { name: 'B', crest: null, crestSource: null },
          },
        ],
      },
    });
    const current = { homeTeam: { name: 'A', crest: null, crestSource: null }, competition: { name: 'L', slug: 'l' } };
    expect(withCrestSources(current)).toBe(current);
  });
});
