import { authSecret, type AuthMethod } from './auth-methods.js';
import type { Secret } from './secret.js';

/**
 * The credential a client sends, held in one place that the client's error builder and
 * rate limit read: the legacy sessions replace it when their key is set.
 */
export class Credential {
  auth: AuthMethod;

  constructor(auth: AuthMethod) {
    this.auth = auth;
  }

  get secret(): Secret | undefined {
    return authSecret(this.auth);
  }
}
