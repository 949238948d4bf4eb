/**
 * Pure: a match's detail record after one attempt at its page. A page read (or unchanged, 304)
 * becomes the detail with the time of the fetch; a failure keeps the last good detail and its
 * validators and backs off; a pause the upstream asked for (429/503) is the whole schedule's, so
 * it does not count against the match.
 */
import type { Match, MatchDetail, MatchPageFacts } from '../../lib/model/model.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import type { DetailRecord } from '../../lib/store/scraped/detail-store.ts';
import type { MatchPageDiagnostics } from '../../upstream/match-page/match-page-diagnostics.ts';
import { detailBackoffMs, isEndedStatus } from './match-page-schedule.ts';

export type DetailOutcome =
  | { kind: 'read'; detail: MatchDetail; facts: MatchPageFacts; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null }
  /** `diagnostics`: what the page held, when it was read but not taken (parse failure, contradicting goals). */
  | { kind: 'failed'; error: string; diagnostics?: MatchPageDiagnostics }
  /** A 429/503: `until` is its Retry-After instant, if it gave one. */
  | { kind: 'paused'; error: string; until: Date | null };

export function applyDetailOutcome(
  record: DetailRecord,
  match: Match,
  outcome: DetailOutcome,
  now: Date,
): DetailRecord {
  const at = formatSaoPauloIso(now);
  const fetch = { ...record.fetch, lastAttemptAt: at };
  switch (outcome.kind) {
    case 'read':
    case 'not-modified': {
      const [detail, facts] = outcome.kind === 'read' ? [outcome.detail, outcome.facts] : [record.detail, record.facts];
      const validators = {
        etag: outcome.etag ?? (outcome.kind === 'not-modified' ? record.fetch.etag : null),
        lastModified: outcome.lastModified ?? (outcome.kind === 'not-modified' ? record.fetch.lastModified : null),
      };
      const succeeded = { ...fetch, ...validators, lastError: null, failures: 0, retryAt: null };
      return { ...record, generatedAt: at, detail, facts, fetch: { ...succeeded, final: isEndedStatus(match.status) } };
    }
    case 'failed': {
      const failures = record.fetch.failures + 1;
      const retryAt = formatSaoPauloIso(new Date(now.getTime() + detailBackoffMs(failures)));
      return { ...record, fetch: { ...fetch, lastError: outcome.error, failures, retryAt } };
    }
    case 'paused':
      return { ...record, fetch: { ...fetch, lastError: outcome.error } };
  }
}
