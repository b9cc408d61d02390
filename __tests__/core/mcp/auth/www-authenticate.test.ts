import { describe, expect, it } from '@jest/globals';
import { bearerChallenge, parseChallenges } from '../../../../src/core/mcp/auth/www-authenticate.js';

describe('WWW-Authenticate', () => {
  it('reads the Bearer challenge: resource_metadata, scope, error (quoted or not, any case)', () => {
    const value =
      'Bearer error="insufficient_scope", scope="mcp:read mcp:write", ' +
      'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"';
    expect(bearerChallenge(value)).toEqual({
      error: 'insufficient_scope',
      scope: 'mcp:read mcp:write',
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    });
    expect(bearerChallenge('bearer Error=invalid_token')).toEqual({ error: 'invalid_token' });
  });

  it('finds the Bearer challenge among others, and unescapes quoted values', () => {
    const challenges = parseChallenges('Basic realm="a \\"b\\"", Bearer scope="x"');
    expect(challenges).toEqual([
      { scheme: 'basic', parameters: { realm: 'a "b"' } },
      { scheme: 'bearer', parameters: { scope: 'x' } },
    ]);
  });

  it('has nothing to say without a Bearer challenge', () => {
    expect(bearerChallenge(undefined)).toEqual({});
    expect(bearerChallenge('Basic realm="x"')).toEqual({});
    expect(bearerChallenge('Negotiate abc==')).toEqual({});
  });
});
