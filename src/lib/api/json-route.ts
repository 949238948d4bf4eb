/**
 * A data route's JSON answer, same bytes and type as Response.json, from text made once a
 * refresh: the refresh renders the listings and the event feed from the objects it has just
 * written to DATA_DIR, whose text snapshot.json and events.json already hold (json-once.ts).
 */
import { jsonOnce, jsonSharingParts } from '../model/json-once.ts';

function jsonTextResponse(text: string): Response {
  return new Response(text, { headers: { 'content-type': 'application/json' } });
}

/** Response.json(value) for a value never changed after it was first serialised. */
export function jsonOnceResponse(value: object): Response {
  return jsonTextResponse(jsonOnce(value));
}

/** Response.json(record), the values under `shared` serialised once (jsonSharingParts). */
export function jsonSharingResponse<T extends object>(record: T, shared: readonly (keyof T & string)[]): Response {
  return jsonTextResponse(jsonSharingParts(record, shared));
}
