// A client on a token provider: the token asked before each attempt, a refused token renewed once and the same
// request sent once more; fixed strings as before.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { ScimApiClient } from '../../../src/core/scim/scim-api-client.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import {
  SlackIntegrationApiClient,
  JiraServerIntegrationApiClient,
} from '../../../src/core/integrations/integration-clients.js';
import { ApiClient } from '../../../src/core/client/api-client.js';
import { authForType, tokenProviderAuth } from '../../../src/core/auth/auth-methods.js';
import type { TokenProvider } from '../../../src/core/auth/token-provider.js';
import { HttpError } from '../../../src/core/errors/error-classes.js';
import { BASE, instantRetries, recordingLogger } from '../../helpers/test-kit.js';

/** A provider that hands out `token-1`, `token-2`, ... : a new one each time it is told of a refusal. */
function countingProvider(options: { renews?: boolean } = {}) {
  let serial = 1;
  const refusals: { token: string; status: number; wwwAuthenticate?: string }[] = [];
  const provider: TokenProvider & { refusals: typeof refusals; gets: number } = {
    refusals,
    gets: 0,
    getToken() {
      provider.gets += 1;
      return `token-${serial}-abcdefgh`;
    },
    refused(refusal) {
      refusals.push(refusal);
      if (options.renews === false) return false;
      serial += 1;
      return Promise.resolve(true);
    },
  };
  return provider;
}

function recordAuthorization(scope: nock.Scope, status: number, seen: string[], headers = {}): nock.Scope {
  return scope.get('/users/P1').reply(function () {
    seen.push(String(this.req.headers.authorization));
    return [status, status === 200 ? { user: { id: 'P1' } } : { error: { message: 'no' } }, headers];
  });
}

describe('a client on a token provider', () => {
  it('sends the provider token as Bearer, asked before each attempt', async () => {
    const provider = countingProvider();
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 200, seen);
    recordAuthorization(nock(BASE), 200, seen);
    const client = new RestApiV2Client(provider, { ...instantRetries });
    await client.rget('/users/P1');
    await client.rget('/users/P1');
    expect(seen).toEqual(['Bearer token-1-abcdefgh', 'Bearer token-1-abcdefgh']);
    expect(provider.gets).toBe(2);
  });

  it('on a 401 tells the provider, then sends the same request once more with the new token', async () => {
    const provider = countingProvider();
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 401, seen, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    recordAuthorization(nock(BASE), 200, seen);
    const client = new RestApiV2Client(provider, { ...instantRetries });
    await expect(client.rget('/users/P1')).resolves.toEqual({ id: 'P1' });
    expect(seen).toEqual(['Bearer token-1-abcdefgh', 'Bearer token-2-abcdefgh']);
    expect(provider.refusals).toEqual([
      { token: 'token-1-abcdefgh', status: 401, wwwAuthenticate: 'Bearer error="invalid_token"' },
    ]);
  });

  it('fails as today on a second 401, after one renewal only', async () => {
    const provider = countingProvider();
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 401, seen);
    recordAuthorization(nock(BASE), 401, seen);
    const client = new RestApiV2Client(provider, { ...instantRetries, logger: recordingLogger() });
    const failure = await client.rget('/users/P1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).response?.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(provider.refusals).toHaveLength(1);
  });

  it('fails at once when the provider has no new token', async () => {
    const provider = countingProvider({ renews: false });
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 401, seen);
    const client = new RestApiV2Client(provider, { ...instantRetries, logger: recordingLogger() });
    await expect(client.rget('/users/P1')).rejects.toBeInstanceOf(HttpError);
    expect(seen).toHaveLength(1);
  });

  it('fails at once with a provider that has no refused method', async () => {
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 401, seen);
    const client = new RestApiV2Client({ getToken: async () => 'fixed-token-1234' }, { logger: recordingLogger() });
    await expect(client.rget('/users/P1')).rejects.toBeInstanceOf(HttpError);
    expect(seen).toEqual(['Bearer fixed-token-1234']);
  });

  it('renews on a 403 only when WWW-Authenticate says insufficient_scope', async () => {
    const provider = countingProvider();
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 403, seen, { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' });
    recordAuthorization(nock(BASE), 200, seen);
    recordAuthorization(nock(BASE), 403, seen);
    const client = new RestApiV2Client(provider, { ...instantRetries, logger: recordingLogger() });
    await expect(client.rget('/users/P1')).resolves.toEqual({ id: 'P1' });
    await expect(client.rget('/users/P1')).rejects.toBeInstanceOf(HttpError);
    expect(seen).toEqual(['Bearer token-1-abcdefgh', 'Bearer token-2-abcdefgh', 'Bearer token-2-abcdefgh']);
    expect(provider.refusals.map((refusal) => refusal.status)).toEqual([403]);
  });

  it("rethrows the provider's own error, before any request", async () => {
    const refused = new Error('the identity service refused the client');
    const client = new RestApiV2Client({
      getToken: () => {
        throw refused;
      },
    });
    await expect(client.rget('/users/P1')).rejects.toBe(refused);
  });

  it('redacts the token in the error of a refused request', async () => {
    const token = 'very-secret-token-WXYZ';
    nock(BASE)
      .get('/users/P1')
      .reply(401, { error: { message: `bad token ${token}` } });
    const client = new RestApiV2Client({ getToken: () => token }, { logger: recordingLogger() });
    const failure = (await client.rget('/users/P1').catch((error: unknown) => error)) as HttpError;
    expect(String(failure.message)).not.toContain(token);
    expect(client.redactedSecret).toBe('*WXYZ');
  });

  it('is taken by every client that takes a token, with authType left out or bearer', async () => {
    const provider = countingProvider();
    expect(() => new ScimApiClient(provider)).not.toThrow();
    expect(() => new McpApiClient(provider, { authType: 'bearer' })).not.toThrow();
    expect(() => new SlackIntegrationApiClient(provider)).not.toThrow();
    expect(() => new JiraServerIntegrationApiClient(provider, 'signature-token')).not.toThrow();
    expect(() => new ApiClient(tokenProviderAuth(provider))).not.toThrow();
    expect(new ApiClient(authForType(provider)).url).toBe('https://api.pagerduty.com');
    expect(() => new RestApiV2Client(provider, { authType: 'token' })).toThrow(/token provider gives OAuth tokens/);
    expect(() => authForType(provider, 'header_passthru')).toThrow(TypeError);
    expect(() => tokenProviderAuth({} as TokenProvider)).toThrow(/getToken/);
  });

  it('leaves a fixed string exactly as before', async () => {
    const seen: string[] = [];
    recordAuthorization(nock(BASE), 200, seen);
    await new RestApiV2Client('u+abcdefghij1234').rget('/users/P1');
    expect(seen).toEqual(['Token token=u+abcdefghij1234']);
  });
});
