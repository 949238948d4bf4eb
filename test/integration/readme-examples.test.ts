/**
 * The README's API examples, run against a real `npm start` (fake upstream with the recorded
 * pages): each curl command gives the status, the headers and the JSON shape (keys and types,
 * not values) that the README shows right under it.
 */
import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../src/demo/upstream-server.ts';
import { startPlacar, type PlacarProcess } from '../support/placar-process.ts';
import { compareJsonShape, parseApiExamples, readReadme } from '../support/readme.ts';

const examples = parseApiExamples(readReadme());
let upstream: FakeUpstream;
let placar: PlacarProcess;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  placar = await startPlacar({ upstreamUrl: upstream.url, env: { REFRESH_CRON: '0 0 * * *' } });
});

afterAll(async () => {
  await placar?.stop();
  await upstream?.close();
});

describe('README API examples', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(examples.map((e) => [e.command, e] as const))('%s', async (_command, example) => {
    const response = await fetch(placar.url + example.target, { method: example.method, headers: example.requestHeaders });
    expect(response.status).toBe(example.status);
    expect(STATUS_CODES[example.status]).toBe(example.reason);
    for (const [name, value] of Object.entries(example.headers)) expect(response.headers.get(name), name).toBe(value);
    const text = await response.text();
    if (example.body === null) return expect(text).toBe('');
    expect(compareJsonShape(example.body, JSON.parse(text))).toEqual([]);
  });
});
