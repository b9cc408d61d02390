import { authorizationHeader, authSecret, type AuthMethod } from './auth-methods.js';
import { Secret } from './secret.js';
import type { TokenProvider } from './token-provider.js';

/** The `Authorization` header of one attempt with a provider's token, and that token. */
export interface ProvidedAuthorization {
  /** `undefined` while the provider has no token yet. */
  readonly authorization: string | undefined;
  readonly token: string;
}

/**
 * The credential a client sends, held in one place that the client's error builder and
 * rate limit read: the legacy sessions replace it when their key is set. With a token
 * provider it also builds each attempt's `Authorization` header, and keeps the last token
 * sent as its secret, so that errors and logs redact it.
 */
export class Credential {
  #auth: AuthMethod;
  // A fixed credential's header is worked out when it is set, not at every request.
  #header: string | undefined;
  #sent: Secret | undefined;

  constructor(auth: AuthMethod) {
    this.#auth = auth;
    this.#header = authorizationHeader(auth);
  }

  /** How requests are authenticated; settable (the legacy sessions' key). */
  get auth(): AuthMethod {
    return this.#auth;
  }

  set auth(auth: AuthMethod) {
    this.#auth = auth;
    this.#header = authorizationHeader(auth);
  }

  /** The `Authorization` header of a fixed credential; `undefined` for a token provider (asked per attempt). */
  get header(): string | undefined {
    return this.#header;
  }

  get secret(): Secret | undefined {
    return this.auth.kind === 'token-provider' ? this.#sent : authSecret(this.auth);
  }

  /** The token provider, when the credential is one: the attempt loop then asks it before each attempt. */
  get provider(): TokenProvider | undefined {
    return this.auth.kind === 'token-provider' ? this.auth.provider : undefined;
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
