/**
 * Shows or hides a view's "Sem conexão" notice, with the shown data's own time (its
 * `generatedAt`).
 */
import { buildOfflineNotice } from '../../lib/display/offline-notice.ts';

export function showOfflineNotice(notice: HTMLElement, offline: boolean, generatedAt: string | null): void {
  notice.hidden = !offline;
  notice.textContent = offline ? buildOfflineNotice(generatedAt) : '';
}
