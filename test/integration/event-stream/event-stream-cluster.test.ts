/**
 * WORKERS=2 refreshing itself (asked by `kill -USR2` to the primary): the primary refreshes and tells the workers
 * over IPC to load the new build; every worker's streams get the event the primary's scrape raised, with the
 * feed's id.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { EventFeedSchema } from '../../../src/lib/model/model.ts';
import { openEventStream, type EventStreamClient } from '../../../harness/event-stream-client.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { withScore } from '../../../harness/upstream-pages.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

const LIVE = '/jogos-em-andamento';
const MADRID = '/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html';
const streams: EventStreamClient[] = [];

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: { WORKERS: '2', REFRESH_CRON: RARE_REFRESH_CRON, EVENT_STREAMS_PER_IP: '0' },
});

afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('event streams of a cluster (WORKERS=2, the primary refreshes)', () => {
  it('every worker streams the event of the primary scrape, with the id of the feed', async () => {
    // Four connections: round-robin gives each worker two.
    for (let i = 0; i < 4; i += 1) streams.push(await openEventStream(served.placar.url, '/api/eventos/stream'));
    for (const stream of streams) await stream.waitFor((client) => client.retry !== null);
    served.upstream.setPage(LIVE, withScore(readFixturePages()[LIVE] ?? '', MADRID, 2, 0));
    expect(await served.placar.refreshNow()).toMatch(/^atualização #\d+ concluída/);
    for (const stream of streams) await stream.waitFor((client) => client.ids().length >= 1, 30_000);
    const feed = EventFeedSchema.parse((await rawRequest(served.placar.url, '/api/eventos')).json());
    const goal = feed.events.find((event) => event.type === 'GOAL' && event.match.homeTeam.name === 'Real Madrid');
    expect(goal?.team).toBe('HOME');
    for (const stream of streams) {
      expect(stream.ids()).toEqual([goal?.id]);
      expect(stream.matchMessages().map((message) => message.event)).toEqual(['GOAL']);
    }
  });
});
