/**
 * DATA_DIR's JSON files (src/lib/store/files/json-file.ts): a read tells absent from unusable (with a
 * reason naming the file) and validates with the store's schema; a write is atomic and leaves no
 * temp file, also when it fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  readJsonFile,
  readJsonFileOr,
  writeJsonAtomically,
  writeJsonAtomicallyAsync,
} from '../../../src/lib/store/files/json-file.ts';
import { errorCode, errorMessage } from '../../../src/lib/model/caught-error.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-json-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const CountSchema = z.object({ count: z.number().int(), note: z.string().default('nenhuma') });

describe('readJsonFile', () => {
  it('says a missing file is absent', () => {
    expect(readJsonFile(path.join(tempDir(), 'x.json'), CountSchema)).toEqual({ kind: 'absent' });
  });

  it('gives the schema’s output (defaults applied)', () => {
    const file = path.join(tempDir(), 'x.json');
    fs.writeFileSync(file, '{"count": 3}');
    expect(readJsonFile(file, CountSchema)).toEqual({ kind: 'found', value: { count: 3, note: 'nenhuma' } });
  });

  it.each([
    ['not JSON', '{count: 3', 'não é JSON válido'],
    ['empty', '', 'não é JSON válido'],
    ['another shape', '{"count": "três"}', 'não tem o formato esperado'],
  ])('says a file that is %s is unusable, and why', (_label, contents, why) => {
    const file = path.join(tempDir(), 'x.json');
    fs.writeFileSync(file, contents);
    const reading = readJsonFile(file, CountSchema);
    expect(reading.kind).toBe('unusable');
    if (reading.kind !== 'unusable') return;
    expect(reading.reason).toContain(file);
    expect(reading.reason).toContain(why);
  });

  it('says an unreadable path (a folder) is unusable, not absent', () => {
    const dir = tempDir();
    const reading = readJsonFile(dir, CountSchema);
    expect(reading).toMatchObject({ kind: 'unusable', reason: expect.stringContaining('não foi possível ler') });
    if (reading.kind === 'unusable') expect(errorCode(reading.cause)).toBe('EISDIR');
  });

  it('readJsonFileOr falls back for absent and unusable files only', () => {
    const file = path.join(tempDir(), 'x.json');
    const fallback = { count: 0, note: 'padrão' };
    expect(readJsonFileOr(file, CountSchema, fallback)).toBe(fallback);
    fs.writeFileSync(file, '[]');
    expect(readJsonFileOr(file, CountSchema, fallback)).toBe(fallback);
    fs.writeFileSync(file, '{"count": 1, "note": "lida"}');
    expect(readJsonFileOr(file, CountSchema, fallback)).toEqual({ count: 1, note: 'lida' });
  });
});

describe('writeJsonAtomically', () => {
  it('writes newline-terminated JSON, indented on request, into a new folder, leaving no temp file', async () => {
    const dir = path.join(tempDir(), 'novo');
    writeJsonAtomically(path.join(dir, 'a.json'), { count: 1 });
    await writeJsonAtomicallyAsync(path.join(dir, 'b.json'), { count: 2 }, { space: 2 });
    expect(fs.readFileSync(path.join(dir, 'a.json'), 'utf8')).toBe('{"count":1}\n');
    expect(fs.readFileSync(path.join(dir, 'b.json'), 'utf8')).toBe('{\n  "count": 2\n}\n');
    expect(fs.readdirSync(dir).sort()).toEqual(['a.json', 'b.json']);
    const reading = readJsonFile(path.join(dir, 'b.json'), CountSchema);
    expect(reading).toEqual({ kind: 'found', value: { count: 2, note: 'nenhuma' } });
  });

  it('replaces a file whole; a failed rename keeps the old file and leaves no temp file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.json');
    writeJsonAtomically(file, { count: 1 });
    writeJsonAtomically(file, { count: 2 });
    expect(readJsonFileOr(file, CountSchema, { count: 0, note: '' }).count).toBe(2);
    // A folder in the way: the temp file is written, the rename over a non-empty folder fails.
    const blocked = path.join(dir, 'pasta');
    fs.mkdirSync(blocked);
    fs.writeFileSync(path.join(blocked, 'dentro'), '');
    expect(() => writeJsonAtomically(blocked, { count: 3 })).toThrow();
    await expect(writeJsonAtomicallyAsync(blocked, { count: 3 })).rejects.toThrow();
    expect(fs.readdirSync(dir).sort()).toEqual(['a.json', 'pasta']);
  });
});

describe('errorMessage / errorCode', () => {
  it('reads an Error’s message and a system error’s code; anything else thrown is made a string', () => {
    const systemError = Object.assign(new Error('sem permissão'), { code: 'EACCES' });
    expect(errorMessage(systemError)).toBe('sem permissão');
    expect(errorCode(systemError)).toBe('EACCES');
    expect(errorMessage('texto lançado')).toBe('texto lançado');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorCode(new Error('sem código'))).toBeUndefined();
    expect(errorCode({ code: 5 })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });
});
