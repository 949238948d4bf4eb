/**
 * What a new user sees in the first minutes (issue 23): the notice after a failed first fetch,
 * the stale notice decided from the page's own data age, and log messages that do not claim to
 * have kept data that never existed.
 */
import { describe, expect, it } from 'vitest';
import { buildListingNotice } from '../../../src/lib/display/listing-notice.ts';
import { buildStaleNotice } from '../../../src/lib/display/match-display.ts';
import { ParseError, UpstreamFetchError, messageWithoutKeptData } from '../../../src/upstream/fetch/errors.ts';

const EVERY_MINUTE = { fetchFailed: false, retryEvery: 'a cada minuto' };

describe('buildStaleNotice after a failed first fetch', () => {
  it('says the upstream could not be reached, and when it is tried again', () => {
    expect(buildStaleNotice({ generatedAt: null, stale: true }, { ...EVERY_MINUTE, fetchFailed: true })).toBe(
      'Não foi possível acessar o site de origem — nova tentativa a cada minuto.',
    );
    expect(
      buildStaleNotice(
        { generatedAt: null, stale: true },
        { fetchFailed: true, retryEvery: 'em intervalos crescentes, de 1 minuto a 1 hora' },
      ),
    ).toMatch(/nova tentativa em intervalos crescentes, de 1 minuto a 1 hora\.$/);
  });

  it('still says "fetching" before any try, and nothing about failures once data came', () => {
    expect(buildStaleNotice({ generatedAt: null, stale: true }, EVERY_MINUTE)).toMatch(/^Ainda buscando/);
    expect(
      buildStaleNotice(
        { generatedAt: '2026-11-21T19:41:05-03:00', stale: false },
        { ...EVERY_MINUTE, fetchFailed: true },
      ),
    ).toBeNull();
  });
});

describe('buildListingNotice (decided from the data age, on load)', () => {
  const generatedAt = '2026-11-21T19:41:05-03:00';

  it('says stale when the data is older than 3 intervals, though its flag says fresh', () => {
    const notice = buildListingNotice(
      { generatedAt, stale: false },
      EVERY_MINUTE,
      new Date('2026-11-21T19:44:06-03:00'),
      60,
    );
    expect(notice).toBe(
      'Dados desatualizados: sem atualização desde 21/11 às 19:41:05. O placar mostrado pode estar antigo.',
    );
  });

  it('says nothing within 3 intervals, and follows the listing’s own interval (ontem: hourly)', () => {
    expect(
      buildListingNotice({ generatedAt, stale: false }, EVERY_MINUTE, new Date('2026-11-21T19:44:04-03:00'), 60),
    ).toBeNull();
    expect(
      buildListingNotice({ generatedAt, stale: false }, EVERY_MINUTE, new Date('2026-11-21T21:41:05-03:00'), 3600),
    ).toBeNull();
  });

  it('keeps the server’s stale flag', () => {
    expect(
      buildListingNotice({ generatedAt, stale: true }, EVERY_MINUTE, new Date('2026-11-21T19:41:06-03:00'), 60),
    ).toMatch(/^Dados desatualizados/);
  });
});

describe('failure messages when nothing was ever kept', () => {
  it('replace "the last good data was kept" with what is true', () => {
    const fetchError = new UpstreamFetchError({
      reason: 'network',
      url: 'http://127.0.0.1:9/jogos-de-hoje',
      detail: 'conexão recusada',
    });
    expect(fetchError.message).toMatch(/últimos dados válidos foram mantidos/);
    const rewritten = messageWithoutKeptData(fetchError.message);
    expect(rewritten).not.toMatch(/mantidos/);
    expect(rewritten).toBe(
      'Falha ao buscar http://127.0.0.1:9/jogos-de-hoje: conexão recusada; ainda não há dados desta lista; nova tentativa na próxima atualização.',
    );
    const parseError = new ParseError('http://127.0.0.1:9/jogos-de-ontem', 'sem #livescore');
    expect(messageWithoutKeptData(parseError.message)).toMatch(
      /^Página .* não reconhecida: sem #livescore; ainda não há dados/,
    );
  });

  it('leave other messages as they are', () => {
    expect(messageWithoutKeptData('disco cheio')).toBe('disco cheio');
  });
});
