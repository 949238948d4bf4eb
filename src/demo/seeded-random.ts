/**
 * Deterministic randomness for the demo: the same seed and key always give the same number,
 * so a simulated page depends only on (seed, instants) and not on how often it was rendered.
 */

/** mulberry32: a tiny, well-distributed 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A number in [0, 1) that depends only on the seed and the key. */
export function seededUnit(seed: number, key: string): number {
  return mulberry32(hashString(`${seed}:${key}`))();
}

/** An integer in [min, max] that depends only on the seed and the key. */
export function seededInt(seed: number, key: string, min: number, max: number): number {
  return min + Math.floor(seededUnit(seed, key) * (max - min + 1));
}
