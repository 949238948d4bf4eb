/**
 * Reading Placar's own API responses in the browser. zod stays out of the bundle: a light
 * shape check is enough for JSON our server wrote from validated data.
 */
import type { ListEnvelope } from '../../lib/model/model.ts';

export class ApiResponseError extends Error {
  override name = 'ApiResponseError' as const;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function readListEnvelope(value: unknown): ListEnvelope {
  if (
    !isRecord(value) ||
    !Array.isArray(value.matches) ||
    typeof value.count !== 'number' ||
    typeof value.stale !== 'boolean' ||
    !(typeof value.generatedAt === 'string' || value.generatedAt === null)
  ) {
    throw new ApiResponseError('unexpected list envelope');
  }
  return value as unknown as ListEnvelope;
}

/** The pt-BR `detail` of an RFC 9457 problem response, or a generic pt-BR sentence. */
export async function readProblemDetail(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && typeof body.detail === 'string' && body.detail) return body.detail;
  } catch {
    // Not JSON (a proxy's error page): fall through to the generic message.
  }
  return `O servidor respondeu com erro ${response.status}. Tente de novo em instantes.`;
}
