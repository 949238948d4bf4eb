/**
 * Pure: where to watch, from the channel row of a match page's details block (either layout):
 *   <p><img src="/images/tv.png" alt="Ícone de TV" title="Transmissão"> <strong>SporTV (7 dias grátis), Premiere</strong></p>
 * The row is told by its icon's address (alt and title may be missing); the channels are
 * comma-separated in the page's order, each with an optional parenthesised note. A comma inside
 * the parentheses belongs to the note. Names go through normalizeText (invisible characters out).
 */
import { DETAIL_LIMITS, type Broadcast } from '../../lib/model/model.ts';
import { findAll, findFirst, textOf, withTag, type DomElement } from '../dom-query.ts';
import { normalizeText } from '../match-fields.ts';

export interface BroadcastsRead {
  broadcasts: Broadcast[];
  /** pt-BR reasons for channels left out. */
  skipped: string[];
}

/** "/images/tv.png", absolute or relative, with or without a query: the TV icon. */
function isTvIcon(element: DomElement): boolean {
  if (element.name !== 'img') return false;
  const path = (element.attribs.src ?? '').trim().split(/[?#]/, 1)[0] ?? '';
  return /\/images\/tv\.png$/i.test(path);
}

/** The row's text split at the commas outside parentheses. */
function splitChannels(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** "SporTV (7 dias grátis)" → channel and note; a part with no name before its note is no channel. */
function readChannel(part: string): Broadcast | null {
  const open = part.indexOf('(');
  if (open === -1) {
    const channel = normalizeText(part);
    return channel === '' ? null : { channel, note: null };
  }
  const channel = normalizeText(part.slice(0, open));
  const close = part.lastIndexOf(')');
  const note = normalizeText(part.slice(open + 1, close > open ? close : part.length));
  return channel === '' ? null : { channel, note: note === '' ? null : note };
}

/** The channels of the block's first TV row; null when the block has no such row (it names none). */
export function readBroadcasts(block: DomElement): BroadcastsRead | null {
  const row = findAll(block, withTag('p')).find((paragraph) => findFirst(paragraph, isTvIcon) !== null);
  if (!row) return null;
  const read: BroadcastsRead = { broadcasts: [], skipped: [] };
  for (const part of splitChannels(textOf(row))) {
    const broadcast = readChannel(part);
    if (!broadcast) continue;
    if (broadcast.channel.length > DETAIL_LIMITS.text || (broadcast.note?.length ?? 0) > DETAIL_LIMITS.text) {
      read.skipped.push(`canal com mais de ${DETAIL_LIMITS.text} caracteres, deixado de fora`);
    } else if (read.broadcasts.length === DETAIL_LIMITS.broadcasts) {
      read.skipped.push(`canais além de ${DETAIL_LIMITS.broadcasts}, deixados de fora`);
      break;
    } else {
      read.broadcasts.push(broadcast);
    }
  }
  return read;
}
