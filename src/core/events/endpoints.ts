/** The base URL of the Events API v2. */
export const EVENTS_BASE_URL = 'https://events.pagerduty.com';

export const ALERT_EVENTS_PATH = '/v2/enqueue';

export const CHANGE_EVENTS_PATH = '/v2/change/enqueue';

/**
 * The retries of an Events API client unless the caller sets `retry`: the API asks
 * senders to retry server errors, since an event lost to a blip is a page not sent.
 */
export const DEFAULT_EVENTS_RETRY: Readonly<Record<number, number>> = Object.freeze({ 500: 2, 502: 4, 503: 6, 504: 6 });
