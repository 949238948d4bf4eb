/**
 * What the match page /jogo/{id} and its JSON /api/jogo/{id} are made from: the match whole
 * (its freshest listing row and the detail read from its upstream page) and what the page needs
 * beside it. A refresh builds one per match it renders and hands them to the routes in
 * Astro.locals (src/pipeline/render-routes.ts).
 */
import type { MatchDetailEnvelope } from '../model/model.ts';

export interface MatchPageData {
  envelope: MatchDetailEnvelope;
  /** Upstream crest URL → Placar's own copy ("/escudos/<sha256>.<ext>"); a crest not held here is not shown. */
  crestPaths: Readonly<Record<string, string>>;
  upstreamUrl: string;
  /** The São Paulo day of the data (YYYY-MM-DD), for "hoje"/"amanhã" in the status badge. */
  today: string | null;
}

/** The data of match `id` the render passed in `locals`; null for a match it has none of (a 404). */
export function matchPageDataFor(locals: App.Locals, id: string): MatchPageData | null {
  return locals.matchPages?.get(id) ?? null;
}
