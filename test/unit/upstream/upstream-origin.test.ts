import { describe, expect, it } from 'vitest';
import { parseMatchPath } from '../../../src/upstream/match-fields.ts';
import { onUpstreamOrigin } from '../../../src/upstream/fetch/upstream-origin.ts';

const ORIGIN = 'http://127.0.0.1:4100';
const PAGE = `${ORIGIN}/jogos-de-hoje`;
const PATH = '/liga/27-11-2026-alfa-x-beta.html';

describe('an address on exactly the upstream origin', () => {
  it.each([
    [PATH, `${ORIGIN}${PATH}`],
    [`${ORIGIN}${PATH}?a=1#x`, `${ORIGIN}${PATH}?a=1`],
    [`http://127.1:4100${PATH}`, `${ORIGIN}${PATH}`],
    [`http://2130706433:4100${PATH}`, `${ORIGIN}${PATH}`],
    [`http://u:segredo@127.0.0.1:4100${PATH}`, `${ORIGIN}${PATH}`],
  ])('%s → %s', (href, kept) => {
    expect(onUpstreamOrigin(href, PAGE, ORIGIN)).toBe(kept);
  });

  it.each([
    `http://127.0.0.1:4101${PATH}`,
    `https://127.0.0.1:4100${PATH}`,
    `https://127.0.0.1${PATH}`,
    `http://127.0.0.1${PATH}`,
    `http://127.1:4101${PATH}`,
    `http://2130706433:4101${PATH}`,
    `http://localhost:4100${PATH}`,
    `//example.com${PATH}`,
    'javascript:alert(1)',
    'http://[::1',
  ])('%s: elsewhere, not kept', (href) => {
    expect(onUpstreamOrigin(href, PAGE, ORIGIN)).toBeNull();
  });

  it('gives the listing a match link only on that origin, its url without credentials', () => {
    expect(parseMatchPath(`http://127.0.0.1:4101${PATH}`, PAGE)).toBeNull();
    expect(parseMatchPath(`http://u:segredo@127.0.0.1:4100${PATH}`, PAGE)).toMatchObject({
      id: 'liga/27-11-2026-alfa-x-beta',
      url: `${ORIGIN}${PATH}`,
    });
  });
});
