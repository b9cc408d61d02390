import { authorizationHeader, authSecret, type AuthMethod } from './auth-methods.js';
import { Secret } from './secret.js';
import type { TokenProvider } from './token-provider.js';

/** The `Authorization` header of one attempt with a provider's token, and that token. */
export interface ProvidedAuthorization {
  /** `undefined` while the provider has no token yet. */
  readonly authorization: string | undefined;
  readonly token: string;
}

/** See {@link Credential.current}. */
export interface CredentialState {
  readonly auth: AuthMethod;
  readonly header: string | undefined;
  readonly provider: TokenProvider | undefined;
}

function credentialState(auth: AuthMethod): CredentialState {
  const provider = auth.kind === 'token-provider' ? auth.provider : undefined;
  return Object.freeze({ auth, header: authorizationHeader(auth), provider });
}

/**
 * The credential a client sends, held in one place that the client's error builder and
 * rate limit read: the legacy sessions replace it when their key is set. With a token
 * provider it also builds each attempt's `Authorization` header, and keeps the last token
 * sent as its secret, so that errors and logs redact it.
 */
export class Credential {
  /**
   * What every request reads of the credential, worked out when it is set rather than at each request, and
   * replaced whole when it changes (read it, never write it): the auth method, the `Authorization` header of a
   * fixed credential (`undefined` for a token provider), and the token provider, which the attempt loop then
   * asks before each attempt.
   */
  current: CredentialState;
  #sent: Secret | undefined;

  constructor(auth: AuthMethod) {
    this.current = credentialState(auth);
  }

  /** How requests are authenticated; settable (the legacy sessions' key). */
  get auth(): AuthMethod {
    return this.current.auth;
  }

  set auth(auth: AuthMethod) {
    this.current = credentialState(auth);
  }

  get secret(): Secret | undefined {
    return this.auth.kind === 'token-provider' ? this.#sent : authSecret(this.auth);
  }

  /**
   * The header of the next attempt, from the provider's current token. An empty token means "none yet":
   * the attempt goes without `Authorization`, so that its 401 carries the server's challenge (MCP
   * authorization discovers where to sign in from it).
   * @throws whatever the provider throws (a refused client, a network error of its token request); a TypeError
   *   when it gives something other than a string
   */
  async provided(provider: TokenProvider): Promise<ProvidedAuthorization> {
    const token = await provider.getToken();
    if (typeof token !== 'string') {
      throw new TypeError('the token provider gave no token (getToken must return a string)');
    }
    if (token === '') return { authorization: undefined, token };
    if (this.#sent?.reveal() !== token) this.#sent = new Secret(token);
    return { authorization: `Bearer ${token}`, token };
  }
}
