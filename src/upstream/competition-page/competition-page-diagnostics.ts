/** What the competition page parser found (for `--explain`), apart so that its parse error can carry it without a cycle. */
export interface CompetitionPageDiagnostics {
  layout: 'older' | 'newer' | 'none';
  /** The page's own title ("Brasileirão Série A"); '' when none. */
  title: string;
  /** Tables of any kind on the page, and why each one that is not standings was left. */
  tables: number;
  ignoredTables: { headers: string; reason: string }[];
  /** Rows of standings tables that could not be read, with why. */
  skippedRows: { table: number; cells: string; reason: string }[];
}
