/**
 * Files written before Placar served its own crest copies (issue 27) hold each team as
 * `{ name, crest: <the upstream's image URL> }`. Today's model calls that URL `crestSource` and
 * keeps `crest` for Placar's copy, which the next scrape fills in: read as `crest: null` until
 * then, so an upgrade keeps the snapshot and the events instead of finding them invalid.
 */

function isLegacyTeam(value: object): value is { name: unknown; crest: unknown } {
  const keys = Object.keys(value);
  return keys.length === 2 && 'name' in value && 'crest' in value;
}

/** The JSON with every legacy team converted; untouched parts are the same objects. */
export function withCrestSources(json: unknown): unknown {
  if (Array.isArray(json)) {
    const items = json.map(withCrestSources);
    return items.some((item, index) => item !== json[index]) ? items : json;
  }
  if (typeof json !== 'object' || json === null) return json;
  if (isLegacyTeam(json)) {
    const source = typeof json.crest === 'string' ? json.crest : null;
    return { name: json.name, crest: null, crestSource: source };
  }
  let changed = false;
  const entries = Object.entries(json).map(([key, value]) => {
    const converted = withCrestSources(value);
    changed ||= converted !== value;
    return [key, converted] as const;
  });
  return changed ? Object.fromEntries(entries) : json;
}
