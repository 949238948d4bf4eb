/**
 * A built file's Content-Type, from its name. Apart from headers-policy.ts, which every server process imports:
 * mime-types loads mime-db, a table of thousands of types (its source and its objects), and only the refresh,
 * which writes the site manifest, names files' types; a cluster worker serves the types the manifest says.
 */
import mime from 'mime-types';
import { JSON_CONTENT_TYPE } from './headers-policy.ts';

/** The file's Content-Type; extensionless files under api/ are the pre-built JSON endpoints. */
export function contentTypeFor(relativePath: string): string {
  if (relativePath.startsWith('api/') && !relativePath.slice(4).includes('.')) return JSON_CONTENT_TYPE;
  return mime.contentType(relativePath.split('/').pop() ?? '') || 'application/octet-stream';
}
