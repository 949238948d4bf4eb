/**
 * The JSON files of DATA_DIR, read and written one way: a read says whether the file is absent or
 * unusable (and why, for a log line) instead of throwing, so each store decides what a missing or
 * bad file means; a write goes through atomic-file.ts (temp file, fsync, rename).
 */
import fs from 'node:fs';
import type { z } from 'zod';
import { errorCode, errorMessage } from '../../model/caught-error.ts';
import { writeFileAtomically, writeFileAtomicallyAsync, type AtomicWriteOptions } from './atomic-file.ts';

export type JsonFileReading<T> =
  | { kind: 'found'; value: T }
  /** No file there (ENOENT): nothing written yet. */
  | { kind: 'absent' }
  /** Unreadable, not JSON, or not what the schema says; `reason` (pt-BR) names the file. */
  | { kind: 'unusable'; reason: string; cause: unknown };

/** `file` parsed and validated by `schema` (its output, so defaults and transforms apply). */
export function readJsonFile<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
): JsonFileReading<z.output<Schema>> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'absent' };
    return { kind: 'unusable', reason: `não foi possível ler ${file}: ${errorMessage(error)}`, cause: error };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'unusable', reason: `${file} não é JSON válido: ${errorMessage(error)}`, cause: error };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const reason = `${file} não tem o formato esperado: ${parsed.error.message}`;
    return { kind: 'unusable', reason, cause: parsed.error };
  }
  return { kind: 'found', value: parsed.data };
}

/** The file's value, or `fallback` when it is absent or unusable (files whose loss is harmless). */
export function readJsonFileOr<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  fallback: z.output<Schema>,
): z.output<Schema> {
  const reading = readJsonFile(file, schema);
  return reading.kind === 'found' ? reading.value : fallback;
}

export interface JsonWriteOptions extends AtomicWriteOptions {
  /** JSON.stringify's indentation: files people read are indented, large ones are not. */
  space?: number;
}

/** One value per file, newline-terminated. */
export function formatJsonFile(value: unknown, options: JsonWriteOptions = {}): string {
  return `${JSON.stringify(value, null, options.space)}\n`;
}

/** Writes `value` as JSON to `file` atomically: a reader sees the old file or the new one, never half. */
export function writeJsonAtomically(file: string, value: unknown, options: JsonWriteOptions = {}): void {
  writeFileAtomically(file, formatJsonFile(value, options));
}

/** writeJsonAtomically off the event loop (the refresh, in a serving process). */
export async function writeJsonAtomicallyAsync(
  file: string,
  value: unknown,
  options: JsonWriteOptions = {},
): Promise<void> {
  await writeFileAtomicallyAsync(file, formatJsonFile(value, options), options);
}
