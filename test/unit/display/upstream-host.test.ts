import { describe, expect, it } from 'vitest';
import { buildUpstreamHost, isLoopbackUpstream } from '../../../src/lib/display/upstream-host.ts';

describe('demo mode: a loopback UPSTREAM_URL', () => {
  it.each([
    ['http://127.0.0.1:8080', true],
    ['http://127.3.2.1', true],
    ['http://localhost:3000', true],
    ['http://[::1]:3000', true],
    ['https://www.placardefutebol.com.br', false],
    ['http://128.0.0.1', false],
    ['http://127.0.0.1.example.com', false],
  ])('%s → %s', (url, demo) => {
    expect(isLoopbackUpstream(url)).toBe(demo);
  });

  it('names the upstream by its host in the footer credit', () => {
    expect(buildUpstreamHost('https://www.placardefutebol.com.br')).toBe('www.placardefutebol.com.br');
    expect(buildUpstreamHost('http://127.0.0.1:4100')).toBe('127.0.0.1:4100');
  });
});
