/** What the refresh's render call passes to pages and endpoints (see src/lib/display/dashboard-data.ts). */
declare namespace App {
  interface Locals {
    placar?: import('./lib/display/dashboard-data.ts').DashboardData;
    eventFeed?: import('./lib/display/event-feed.ts').EventFeed;
    /** The matches whose /jogo/{id} and /api/jogo/{id} this render writes, by match id. */
    matchPages?: ReadonlyMap<string, import('./lib/display/match-page-data.ts').MatchPageData>;
    /** The competitions whose /tabela/{slug} and /api/tabela/{slug} this render writes, by slug. */
    standingsPages?: ReadonlyMap<string, import('./lib/display/table-data.ts').StandingsPageData>;
    /** The teams whose /time/{slug}, /api/time/{slug} and /api/time/{slug}.ics this render writes, by team slug. */
    teamHomePages?: ReadonlyMap<string, import('./lib/display/team-home-data.ts').TeamHomePageData>;
    /** The past days kept and ARCHIVE_DAYS (/ontem and the 404 page link to the days). */
    archive?: import('./lib/display/archive-data.ts').ArchiveData;
    /** The past day a /dia/{day} render shows. */
    archivedDay?: import('./lib/display/archive-data.ts').ArchivedDayData;
  }
}
