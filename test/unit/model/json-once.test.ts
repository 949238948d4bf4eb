import { describe, expect, it } from 'vitest';
import { forgetJsonTexts, jsonOnce, jsonSharingParts } from '../../../src/lib/model/json-once.ts';

describe('jsonOnce', () => {
  it('gives JSON.stringify’s text', () => {
    const value = { a: 'ção "aspas" \\ \n \u2028', b: [1, 2.5, null, { c: true }], d: { e: -0, f: 1e21 } };
    expect(jsonOnce(value)).toBe(JSON.stringify(value));
  });

  it('makes the text once per object: a second call returns the first text (values are never changed)', () => {
    const value = { placar: '1 x 0' };
    const first = jsonOnce(value);
    value.placar = '2 x 0';
    expect(jsonOnce(value)).toBe(first);
    expect(jsonOnce({ ...value })).toBe('{"placar":"2 x 0"}');
  });

  it('forgets every text when told (the end of a refresh): the next call makes it again', () => {
    const value = { placar: '1 x 0' };
    jsonOnce(value);
    value.placar = '1 x 1';
    forgetJsonTexts();
    expect(jsonOnce(value)).toBe('{"placar":"1 x 1"}');
  });
});

describe('jsonSharingParts', () => {
  it('gives JSON.stringify’s text, members without a value left out as JSON.stringify does', () => {
    const record = {
      generatedAt: '2026-11-28T10:00:00-03:00',
      missing: undefined,
      stale: false,
      count: 2,
      events: [{ id: '1', minute: null }, { id: '2' }],
      nested: { deeper: [undefined, 'x'] },
      nothing: null,
    };
    expect(jsonSharingParts(record, ['events', 'nested', 'missing', 'nothing'])).toBe(JSON.stringify(record));
    expect(jsonSharingParts(record, [])).toBe(JSON.stringify(record));
  });

  it('takes each shared part from jsonOnce, so a route and a file of one refresh share the text', () => {
    const events = [{ id: '1' }];
    const fromFile = jsonSharingParts({ lastId: '1', events }, ['events']);
    events.push({ id: '2' });
    expect(jsonSharingParts({ count: 1, events }, ['events'])).toBe('{"count":1,"events":[{"id":"1"}]}');
    expect(fromFile).toBe('{"lastId":"1","events":[{"id":"1"}]}');
  });
});
