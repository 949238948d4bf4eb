/**
 * The curated nickname data (aliases.json) as lookups: a team's or competition's name → the
 * extra words a fan may type for it. Data, not code: adding a nickname is one line of JSON.
 */
import aliasData from './aliases.json' with { type: 'json' };
import { splitWords, wordsKey } from './search-text.ts';

interface AliasEntry {
  names: string[];
  aliases: string[];
}

/** Category words the upstream appends to a club's name; nicknames still apply ("Timão" finds Corinthians Sub-20). */
const CATEGORY_SUFFIX = /^(sub|u)?\d{2}$|^(feminino|fem|women|masculino)$/u;

function buildLookup(entries: readonly AliasEntry[]): Map<string, string> {
  const lookup = new Map<string, string[]>();
  for (const { names, aliases } of entries) {
    const text = [...names, ...aliases].join(' ');
    for (const name of names) {
      const key = splitWords(name).join(' ');
      lookup.set(key, [...(lookup.get(key) ?? []), text]);
    }
  }
  return new Map([...lookup].map(([key, texts]) => [key, texts.join(' ')]));
}

const teamAliases = buildLookup(aliasData.teams);
const competitionAliases = buildLookup(aliasData.competitions);

/** Per team name (folded words): the wordsKey of every text `textsOf` gives for its entries. */
function buildKeys(textsOf: (entry: AliasEntry) => readonly string[]): Map<string, string[]> {
  const keysByName = new Map<string, string[]>();
  for (const entry of aliasData.teams) {
    const keys = textsOf(entry).map((text) => wordsKey(splitWords(text)));
    for (const name of entry.names) {
      const key = splitWords(name).join(' ');
      keysByName.set(key, [...(keysByName.get(key) ?? []), ...keys]);
    }
  }
  return keysByName;
}

/** Per team name: the wordsKey of every name and nickname of its entries. */
const teamNameKeys = buildKeys(({ names, aliases }) => [...names, ...aliases]);
/** Per team name: the wordsKey of every name (spelling) of its entries, no nickname. */
const teamSpellingKeys = buildKeys(({ names }) => names);
/** Every team name and nickname of the table, as wordsKey. */
const everyTeamKey: ReadonlySet<string> = new Set([...teamNameKeys.values()].flat());

/** A club's name without the trailing category words ("Corinthians Sub-20" → corinthians). */
function baseTeamKey(name: string): string {
  const words = splitWords(name);
  while (words.length > 1 && CATEGORY_SUFFIX.test(words.at(-1) ?? '')) words.pop();
  if (words.at(-1) === 'sub') words.pop();
  return words.join(' ');
}

/** Whether a team name ends in a category (Sub-20, Feminino): a women's or youth side. */
export function isCategoryTeam(name: string): boolean {
  return baseTeamKey(name) !== splitWords(name).join(' ');
}

/**
 * A team's category as a key: '' for a first team, else the age and 'f' for a women's side
 * ("Flamengo Sub-20" → 20, "Flamengo Feminino" → f). Sides of different categories never meet.
 */
export function teamCategory(name: string): string {
  const words = splitWords(name);
  const suffix = words.slice(baseTeamKey(name).split(' ').length);
  const women = suffix.some((word) => /^(feminino|fem|women)$/u.test(word));
  const age = /\d{2}/u.exec(suffix.join(''))?.[0] ?? '';
  return `${women ? 'f' : ''}${age}`;
}

/** Every name and nickname the alias data gives for a team ('' when it has none). */
export function teamAliasText(name: string): string {
  return teamAliases.get(baseTeamKey(name)) ?? teamAliases.get(splitWords(name).join(' ')) ?? '';
}

/** The wordsKey of every name and nickname the alias data gives for a team (none when it has none). */
export function teamNameAndAliasKeys(name: string): readonly string[] {
  return teamNameKeys.get(baseTeamKey(name)) ?? teamNameKeys.get(splitWords(name).join(' ')) ?? [];
}

/** The wordsKey of every spelling of a team's name the alias data gives, no nickname (none when it has none). */
export function teamSpellingKeysOf(name: string): readonly string[] {
  return teamSpellingKeys.get(baseTeamKey(name)) ?? teamSpellingKeys.get(splitWords(name).join(' ')) ?? [];
}

/** Whether some team of the alias data has exactly these words (a wordsKey) as a name or nickname. */
export function isTeamNameOrAlias(key: string): boolean {
  return everyTeamKey.has(key);
}

/** Every name and nickname the alias data gives for a competition ('' when it has none). */
export function competitionAliasText(name: string): string {
  return competitionAliases.get(splitWords(name).join(' ')) ?? '';
}
