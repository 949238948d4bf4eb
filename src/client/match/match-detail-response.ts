/**
 * Reading /api/jogo/{id} in the browser, with the same light shape check as the listings
 * (api-response.ts); apart from it so that only the match page carries it.
 */
import type { MatchDetailEnvelope } from '../../lib/model/model.ts';
import { ApiResponseError, isRecord } from '../polling/api-response.ts';

export function readMatchDetailEnvelope(value: unknown): MatchDetailEnvelope {
  if (
    !isRecord(value) ||
    !isRecord(value.match) ||
    !isRecord(value.match.score) ||
    !(isRecord(value.detail) || value.detail === null) ||
    typeof value.stale !== 'boolean' ||
    !(typeof value.generatedAt === 'string' || value.generatedAt === null)
  ) {
    throw new ApiResponseError('unexpected match detail envelope');
  }
  return value as unknown as MatchDetailEnvelope;
}
