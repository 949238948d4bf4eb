/**
 * How the service worker tells the page that an /api/* answer is the last good one it kept,
 * not a fresh one (the network failed): this header, set only on such answers.
 */
export const OFFLINE_HEADER = 'X-Placar-Offline';

export function isOfflineAnswer(response: Response): boolean {
  return response.headers.get(OFFLINE_HEADER) === '1';
}
