/**
 * Each competition's /tabela/{slug} and /api/tabela/{slug} in a build: rendered only when what they are made from
 * changed since the build before, else carried from that build (carried-files.ts). A table with no match in play
 * changes only when its page is read again (every few hours) or a crest arrives, so most of a refresh's tables are
 * carried. Unlike the match files they are not shared between builds: a few dozen small files, linked into each.
 */
import { buildStandingsRoutes } from '../../lib/api/data-routes.ts';
import type { StandingsPageData } from '../../lib/display/table-data.ts';
import { type CarriedFilesInput, makeCarriedFiles } from './carried-files.ts';

export interface TableFilesInput extends CarriedFilesInput<StandingsPageData> {
  /** Whether a team has a home in this build: a row's name links to it only then, so it is part of the table's key. */
  hasTeamHome: (slug: string) => boolean;
}

/** Writes every table of `pages` into the build; returns how many were rendered (the others were carried). */
export function makeTableFiles(input: TableFilesInput): Promise<{ rendered: number }> {
  const { hasTeamHome, ...carried } = input;
  const linkedRows = (data: StandingsPageData): boolean[] =>
    data.envelope.groups.flatMap((group) =>
      group.rows.map((row) => row.team.slug !== null && hasTeamHome(row.team.slug)),
    );
  return makeCarriedFiles(
    {
      name: 'tables',
      routesOf: buildStandingsRoutes,
      fileData: (data) => {
        const keyed = { data, linked: linkedRows(data) };
        return () => keyed;
      },
    },
    carried,
  );
}
