import { showLondonDateTime } from './london-dates.js';

/**
 * What a person is told while the service is read-only for downtime (decision 0067): the API's
 * 503 answer to a write and the banner on every screen say the same words, built here once.
 * `until` is an ISO 8601 instant, shown in UK time to the minute; null when no end is announced.
 */
export function readOnlyMessage(until: string | null): string {
  if (until === null)
    return "The service is read-only for maintenance. You can look at the worklist and patients' summaries, but changes cannot be saved until it is back.";
  return `The service is read-only for planned maintenance until ${showLondonDateTime(new Date(until), 'minute')}. You can look at the worklist and patients' summaries, but changes cannot be saved.`;
}
