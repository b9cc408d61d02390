/** Where a client gets its OAuth token before each attempt, and hears that the API refused one. */
export interface TokenProvider {
  /** The token to send on the next attempt, renewed first when it is due. */
  getToken(): string | Promise<string>;
  /**
   * The API answered `status` (401, or 403 with `insufficient_scope`) to a request sent with `token`.
   * Resolve `true` once a new token is ready (the client then sends the same request once more),
   * `false` when there is none (the call fails as it does today).
   */
  refused?(refusal: { token: string; status: number; wwwAuthenticate?: string }): boolean | Promise<boolean>;
}
