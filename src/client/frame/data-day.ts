/**
 * Keeps the date under the heading (DataDay.astro) the day of the data shown: after each answer
 * of the listing it follows, the São Paulo day of that answer's generatedAt, moved by its offset
 * (ontem −1, amanhã +1). A page left open across midnight says the new day with the new data.
 */
import { addDays, buildDataDay, formatDayText } from '../../lib/display/match-display.ts';
import { onListingEnvelope } from '../polling/listing-envelopes.ts';

const time = document.querySelector<HTMLTimeElement>('[data-data-day]');
onListingEnvelope((endpoint, { generatedAt }) => {
  const dataDay = buildDataDay(generatedAt);
  if (!time || endpoint !== time.dataset.endpoint || dataDay === null) return;
  const day = addDays(dataDay, Number(time.dataset.offsetDays ?? 0));
  time.dateTime = day;
  time.textContent = formatDayText(day);
  if (time.parentElement) time.parentElement.hidden = false;
});
