/**
 * Pure: an IPv6 address as its eight 16-bit groups, what a /64 or an IPv4 address embedded in it
 * is read from (the rate limit's key, the crest address check). No node:net here: the model is
 * shared with browser code, so the text is checked by its own parse.
 */

const HEXTET = /^[0-9a-f]{1,4}$/i;
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** "a.b.c.d" as two hextets, or null. */
function dottedHextets(text: string): number[] | null {
  const parts = DOTTED.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((part) => part > 255)) return null;
  const [a = 0, b = 0, c = 0, d = 0] = parts;
  return [(a << 8) | b, (c << 8) | d];
}

/** One side of "::": hextets, the last one possibly a dotted IPv4 address; null when malformed. */
function parseGroups(part: string, mayEndDotted: boolean): number[] | null {
  if (part === '') return [];
  const groups = part.split(':');
  const hextets: number[] = [];
  for (const [index, group] of groups.entries()) {
    if (HEXTET.test(group)) hextets.push(Number.parseInt(group, 16));
    else {
      const dotted = mayEndDotted && index === groups.length - 1 ? dottedHextets(group) : null;
      if (!dotted) return null;
      hextets.push(...dotted);
    }
  }
  return hextets;
}

/** The 8 hextets of a valid IPv6 address (zone id dropped), or null. */
export function expandIpv6(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  const halves = plain.split('::');
  if (halves.length > 2) return null;
  const [head = '', tail] = halves;
  const left = parseGroups(head, tail === undefined);
  const right = tail === undefined ? [] : parseGroups(tail, true);
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}
