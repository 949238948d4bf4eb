/**
 * The matches of the listings that get no page of their own on Placar (their id cannot be a file
 * path everywhere: src/lib/model/match-paths.ts), said in the log once per process: a row the
 * upstream keeps all day is one line, not one a minute. A match that leaves the listings and comes
 * back is said again.
 */
import { LISTING_NAMES, type Snapshot } from '../../lib/model/model.ts';
import { matchPageRefusal } from '../../lib/model/match-paths.ts';

const said = new Set<string>();

export function pagelessMatchNotices(snapshot: Snapshot): string[] {
  const listed = new Set<string>();
  const notices: string[] = [];
  for (const listing of LISTING_NAMES)
    for (const { id } of snapshot[listing].matches) {
      if (listed.has(id)) continue;
      listed.add(id);
      const refusal = matchPageRefusal(id);
      if (refusal === null || said.has(id)) continue;
      said.add(id);
      notices.push(
        `aviso: o jogo ${id} fica sem página própria no Placar (${refusal}); sua linha leva à página do site de origem`,
      );
    }
  for (const id of said) if (!listed.has(id)) said.delete(id);
  return notices;
}
