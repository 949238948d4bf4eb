/**
 * JSON text made once per value. A refresh writes each listing into snapshot.json and the event
 * store's events into events.json, then renders the same objects (never mutated, handed over by
 * value) as /api/live, /api/hoje, … and /api/eventos: the second serialisation asks for the text
 * the first made. Keyed by the object, so a text lives at most as long as its value; and the
 * refresh forgets every text when it ends (forgetJsonTexts), so the process does not hold a
 * second copy of its kept snapshot and events as text between refreshes (~2 MB at 1,000 matches).
 */
let texts = new WeakMap<object, string>();

/** Drops every text made so far (their values stay; a later call makes the text again). */
export function forgetJsonTexts(): void {
  texts = new WeakMap();
}

/** JSON.stringify(value), made once per object. `value` must not change after its first call. */
export function jsonOnce(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * JSON.stringify(record), the same text, with the values under `shared` taken from jsonOnce:
 * a file or a route made of parts another file or route also writes.
 */
export function jsonSharingParts<T extends object>(record: T, shared: readonly (keyof T & string)[]): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || typeof value === 'function') continue;
    const text =
      shared.includes(key as keyof T & string) && typeof value === 'object' && value !== null
        ? jsonOnce(value)
        : JSON.stringify(value);
    members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}
