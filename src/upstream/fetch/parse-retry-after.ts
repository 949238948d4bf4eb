/**
 * Pure: the wait a `Retry-After` header asks for (RFC 9110 §10.2.3), in milliseconds.
 * "120" → 120000; "Sun, 22 Nov 2026 00:10:00 GMT" → time until then (0 if past).
 * `null` when the header is missing or unparsable.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : null;
  }
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}
