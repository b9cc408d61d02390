import { describe, expect, it } from '@jest/globals';
import { eventsErrorDetail, parseEventsErrorBody } from '../../../src/core/events/event-posting.js';

describe('parseEventsErrorBody', () => {
  it('reads status, message and errors', () => {
    expect(
      parseEventsErrorBody('{"status":"invalid event","message":"Event object is invalid","errors":["a","b"]}'),
    ).toEqual({
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ['a', 'b'],
    });
  });

  it('returns undefined for text that is not a JSON object', () => {
    expect(parseEventsErrorBody('Bad Gateway')).toBeUndefined();
    expect(parseEventsErrorBody('["x"]')).toBeUndefined();
    expect(parseEventsErrorBody('')).toBeUndefined();
  });

  it('ignores fields of the wrong type', () => {
    expect(parseEventsErrorBody('{"status":1,"message":null,"errors":"x"}')).toEqual({
      status: undefined,
      message: undefined,
      errors: undefined,
    });
  });
});

describe('eventsErrorDetail', () => {
  it('joins the message and every error for a 400', () => {
    const body = JSON.stringify({
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ["'payload.summary' is missing", "Length of 'routing_key' is incorrect"],
    });
    expect(eventsErrorDetail(400, body)).toBe(
      "Events API rejected the event: Event object is invalid; 'payload.summary' is missing; " +
        "Length of 'routing_key' is incorrect",
    );
  });

  it('falls back to the status when there is no message', () => {
    expect(eventsErrorDetail(400, '{"status":"invalid event"}')).toBe('Events API rejected the event: invalid event');
  });

  it('words throttling, server and other client errors', () => {
    expect(eventsErrorDetail(429, '{"message":"slow down"}')).toBe('Events API is throttling events: slow down');
    expect(eventsErrorDetail(503, '{"message":"down"}')).toBe('Events API responded with server error: down');
    expect(eventsErrorDetail(404, '{"message":"nope"}')).toBe('Events API responded with client error: nope');
  });

  it('keeps the detail on one line', () => {
    expect(eventsErrorDetail(400, '{"message":"line one\\nline two","errors":["  a\\n b "]}')).toBe(
      'Events API rejected the event: line one line two; a b',
    );
  });

  it('returns undefined when the body says nothing', () => {
    expect(eventsErrorDetail(502, '<html>Bad Gateway</html>')).toBeUndefined();
    expect(eventsErrorDetail(400, '{"errors":[]}')).toBeUndefined();
  });
});
