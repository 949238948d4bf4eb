/**
 * Shows UnsavedMatchNotice.astro when this start page was given for a match page's address
 * (/jogo/…): the service worker's answer offline for a match it never kept.
 */
const notice = document.querySelector<HTMLElement>('[data-unsaved-match]');
if (notice && location.pathname.startsWith('/jogo/')) {
  notice.hidden = false;
  document.title = `Jogo não salvo — ${document.title}`;
}
