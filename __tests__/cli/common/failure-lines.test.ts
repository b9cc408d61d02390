import { describe, expect, it } from '@jest/globals';
import { Response } from 'node-fetch';
import { HttpError, httpErrorMessage } from '../../../src/core/errors/error-classes.js';
import { failureLines } from '../../../src/cli/common/failure-report.js';

function httpError(status: number, body: string, detail?: string): Error {
  const message = httpErrorMessage('PUT', 'https://api.pagerduty.com/incidents/PABC', status, body, detail);
  return new HttpError(message, new Response(body, { status }), body);
}

describe('failureLines', () => {
  it("ends the first line at the status and gives the API's message and each detail whole", () => {
    const long =
      'You must specify a user\'s email address in the "From" header to perform this action ' + 'x'.repeat(120);
    const body = JSON.stringify({ error: { message: 'Invalid Input Provided', code: 2001, errors: [long, 'second'] } });
    expect(failureLines(httpError(400, body))).toEqual([
      'pagerduty: PUT https://api.pagerduty.com/incidents/PABC: API responded with client error (status 400)',
      'pagerduty: Invalid Input Provided (code 2001)',
      `pagerduty:   ${long}`,
      'pagerduty:   second',
    ]);
  });

  it('folds a multi-line detail onto its own line', () => {
    const body = JSON.stringify({ error: { message: 'Bad', errors: ['one\n  two'] } });
    expect(failureLines(httpError(400, body), 'pd').slice(1)).toEqual(['pd: Bad', 'pd:   one two']);
  });

  it('does not repeat what the first line already shows whole (the Events API detail)', () => {
    const body = JSON.stringify({
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ["'payload' is missing"],
    });
    const lines = failureLines(
      httpError(400, body, "Events API rejected the event: Event object is invalid; 'payload' is missing"),
    );
    expect(lines).toEqual([
      'pagerduty: PUT https://api.pagerduty.com/incidents/PABC: Events API rejected the event: ' +
        "Event object is invalid; 'payload' is missing (status 400)",
    ]);
  });

  it('keeps the one-line message when the body explains nothing', () => {
    expect(failureLines(httpError(502, '<html>Bad Gateway</html>'))).toEqual([
      'pagerduty: PUT https://api.pagerduty.com/incidents/PABC: ' +
        'API responded with server error (status 502): <html>Bad Gateway</html>',
    ]);
    expect(failureLines(new Error('refused'))).toEqual(['pagerduty: refused']);
  });
});
