/**
 * Where a team's name links on Placar's pages: its home /time/{slug} when this render (or, with none,
 * DATA_DIR's data) has one for it, else nowhere. A table names teams the listings do not, and those have no
 * page: a link to them would be a 404.
 */
import { teamHomePath } from '../model/team-home-paths.ts';
import { teamHomePageDataFor } from './team-home-data.ts';

export function teamHomeLink(locals: App.Locals, slug: string | null): string | null {
  return slug !== null && teamHomePageDataFor(locals, slug) !== null ? teamHomePath(slug) : null;
}
