/** What the refresh's render call passes to pages and endpoints (see src/lib/dashboard-data.ts). */
declare namespace App {
  interface Locals {
    placar?: import('./lib/dashboard-data.ts').DashboardData;
  }
}
