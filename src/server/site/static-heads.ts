/**
 * The response headers of one static file, built once per file × content coding (when its build
 * loads) in writeHead's array form, so a request only picks a prepared list: no header object, no
 * setHeader calls, nothing merged (node still checks each value as it writes the head). Pure.
 */
import { buildEtag } from '../../lib/api/etag.ts';
import type { ContentCoding } from '../../lib/api/content-coding.ts';
import type { StaticEntry } from './static-site.ts';

/** [name, value, name, value, …]: writeHead's array form (its type is mutable; node only reads it, and so do we). */
export type HeaderList = string[];

export interface StaticServeOptions {
  status: number;
  /** Replaces the file's own Cache-Control (the 404 page is never stored). */
  cacheControl: string | null;
}

/** A file's ordinary answer: 200 with the file's own Cache-Control. */
export const ROUTE_ANSWER: StaticServeOptions = { status: 200, cacheControl: null };

export interface StaticVariant {
  coding: ContentCoding;
  body: Buffer;
  etag: string;
  lastModified: string;
  /** The validators as `fresh` reads them, made once. */
  freshness: { etag: string; 'last-modified': string };
  /** The whole body's answer (status `options.status`), common headers included. */
  whole: HeaderList;
  /** A 304's: the validators, Cache-Control and Vary, common headers included. */
  notModified: HeaderList;
}

export interface PreparedStatic {
  status: number;
  /** Codings held, in the order negotiation is offered them. */
  available: readonly ContentCoding[];
  identity: StaticVariant;
  br: StaticVariant | null;
  gzip: StaticVariant | null;
}

function flatten(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).flat();
}

function availableCodings(entry: StaticEntry): ContentCoding[] {
  const codings: ContentCoding[] = [];
  if (entry.br) codings.push('br');
  if (entry.gzip) codings.push('gzip');
  codings.push('identity');
  return codings;
}

function buildVariant(
  entry: StaticEntry,
  coding: ContentCoding,
  body: Buffer,
  common: HeaderList,
  options: StaticServeOptions,
  varies: boolean,
): StaticVariant {
  const etag = buildEtag(entry.file.hash, coding);
  const { lastModified } = entry.file;
  // Ranges are served for the uncompressed bytes of a 200 only (as nginx's *_static modules do).
  const ranges = coding === 'identity' && options.status === 200;
  const validators = [
    'Cache-Control',
    options.cacheControl ?? entry.file.cacheControl,
    'ETag',
    etag,
    'Last-Modified',
    lastModified,
    ...(varies ? ['Vary', 'Accept-Encoding'] : []),
    ...(ranges ? ['Accept-Ranges', 'bytes'] : []),
  ];
  const whole = [
    ...common,
    ...validators,
    'Content-Type',
    entry.file.contentType,
    'Content-Length',
    String(body.length),
    ...(coding === 'identity' ? [] : ['Content-Encoding', coding]),
  ];
  const freshness = { etag, 'last-modified': lastModified };
  return { coding, body, etag, lastModified, freshness, whole, notModified: [...common, ...validators] };
}

export function prepareStatic(
  entry: StaticEntry,
  commonHeaders: Readonly<Record<string, string>>,
  options: StaticServeOptions,
): PreparedStatic {
  const common = flatten(commonHeaders);
  const available = availableCodings(entry);
  const varies = available.length > 1;
  const variant = (coding: ContentCoding, body: Buffer | null): StaticVariant | null =>
    body ? buildVariant(entry, coding, body, common, options, varies) : null;
  let identity: StaticVariant | null = null;
  return {
    status: options.status,
    available,
    // Made when first asked for: an on-demand entry inflates its bytes for it.
    get identity() {
      identity ??= buildVariant(entry, 'identity', entry.identity, common, options, varies);
      return identity;
    },
    br: variant('br', entry.br),
    gzip: variant('gzip', entry.gzip),
  };
}

/** A 206's headers: the identity answer's, with the part's length and Content-Range. */
export function buildPartialHeads(prepared: PreparedStatic, start: number, end: number): HeaderList {
  const { whole, body } = prepared.identity;
  const heads: string[] = [];
  for (let i = 0; i < whole.length; i += 2) {
    const name = whole[i] ?? '';
    heads.push(name, name === 'Content-Length' ? String(end - start + 1) : (whole[i + 1] ?? ''));
  }
  heads.push('Content-Range', `bytes ${start}-${end}/${body.length}`);
  return heads;
}
