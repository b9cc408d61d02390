/** The parameters of a `WWW-Authenticate` challenge that MCP's authorization reads. */
export interface BearerChallenge {
  /** Where the Protected Resource Metadata is (RFC 9728). */
  readonly resourceMetadata?: string;
  /** The scopes the request needs. */
  readonly scope?: string;
  /** `invalid_token`, `insufficient_scope`, ... (RFC 6750). */
  readonly error?: string;
}

// auth-param = token BWS "=" BWS ( token / quoted-string ) (RFC 9110 §11.2).
const PARAM = /([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/y;
const SCHEME = /\s*,?\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?=\s|$|,)/y;

/** Every challenge of a `WWW-Authenticate` value: its scheme (lower case) and parameters (names lower case). */
export function parseChallenges(value: string): { scheme: string; parameters: Record<string, string> }[] {
  const challenges: { scheme: string; parameters: Record<string, string> }[] = [];
  let at = 0;
  while (at < value.length) {
    SCHEME.lastIndex = at;
    const scheme = SCHEME.exec(value);
    if (scheme === null) break;
    at = SCHEME.lastIndex;
    const parameters: Record<string, string> = {};
    for (;;) {
      const start = at;
      while (at < value.length && /[\s,]/.test(value[at])) at += 1;
      PARAM.lastIndex = at;
      const param = PARAM.exec(value);
      if (param === null) {
        at = start;
        break;
      }
      parameters[param[1].toLowerCase()] = param[2] === undefined ? param[3] : param[2].replace(/\\(.)/g, '$1');
      at = PARAM.lastIndex;
    }
    challenges.push({ scheme: scheme[1].toLowerCase(), parameters });
    if (at === SCHEME.lastIndex && Object.keys(parameters).length === 0) {
      // A scheme with a token68 or nothing: skip to the next comma.
      const comma = value.indexOf(',', at);
      at = comma === -1 ? value.length : comma + 1;
    }
  }
  return challenges;
}

/** The Bearer challenge's parameters; none when the value has no Bearer challenge. */
export function bearerChallenge(value: string | undefined): BearerChallenge {
  if (value === undefined) return {};
  const bearer = parseChallenges(value).find((challenge) => challenge.scheme === 'bearer');
  if (bearer === undefined) return {};
  const { resource_metadata: resourceMetadata, scope, error } = bearer.parameters;
  return { resourceMetadata, scope, error };
}
