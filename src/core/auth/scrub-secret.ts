/**
 * Removing a credential from text that may be printed (error messages, bodies, log lines)
 * where it appears as a credential. A realistic key (8 characters or more) is redacted
 * wherever it appears; a short one only as a whole token, so that the key `k` does not
 * turn `network error` into `networ* error`, nor the key `users` a path into `/*sers/P1`.
 *
 * @module
 */
import type { Secret } from './secret.js';

/** Below this length a key is redacted only where it stands alone, never inside a word. */
export const MIN_FRAGMENT_LENGTH = 8;

/**
 * The characters that continue a word or a path around a short key: one of them beside
 * it means the key is a fragment of something else. A `.` continues a word only when a
 * letter or digit follows it (`abc.example.com`), not at the end of a sentence.
 */
const BEFORE_TOKEN = String.raw`(?<![A-Za-z0-9_+\-/\\]|[A-Za-z0-9]\.)`;
const AFTER_TOKEN = String.raw`(?![A-Za-z0-9_+\-/\\]|\.[A-Za-z0-9])`;

/** Where a query value starts (`?name=` or `&name=`) and ends. */
const BEFORE_QUERY_VALUE = String.raw`(?<=[?&][^=&#\s]*=)`;
const AFTER_QUERY_VALUE = String.raw`(?=$|[&#\s"'<>)\]},;])`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a key takes in a query string or a form: percent-encoded (a key's `+` as `%2B`). */
function encodedForms(value: string): string[] {
  const forms = [encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
  return [...new Set(forms)].filter((form) => form !== value);
}

/**
 * The text with a credential redacted where it appears as one. A value of
 * {@link MIN_FRAGMENT_LENGTH} characters or more is replaced everywhere, as it is and
 * percent-encoded. A shorter one is replaced only as a whole token (not beside a letter,
 * digit, `_`, `+`, `-` or `/`: so in a header, `Token token=k`, and in a query,
 * `?token=k`, but not in a word or a path segment), and percent-encoded only as a whole
 * query value.
 *
 * @param redacted - what replaces it (`*` and its last four characters)
 * @example
 * ```ts
 * scrubCredential('GET /users?token=u%2Babcdefgh1234', 'u+abcdefgh1234', '*1234'); // 'GET /users?token=*1234'
 * scrubCredential('network error: token k refused', 'k', '*'); // 'network error: token * refused'
 * ```
 */
export function scrubCredential(text: string, value: string, redacted: string): string {
  if (value.length >= MIN_FRAGMENT_LENGTH) {
    let scrubbed = text.split(value).join(redacted);
    for (const form of encodedForms(value)) scrubbed = scrubbed.split(form).join(redacted);
    return scrubbed;
  }
  // A function replacement: `redacted` is inserted as it is, whatever `$` it holds.
  let scrubbed = text.replace(new RegExp(`${BEFORE_TOKEN}${escapeRegExp(value)}${AFTER_TOKEN}`, 'g'), () => redacted);
  for (const form of encodedForms(value)) {
    scrubbed = scrubbed.replace(
      new RegExp(`${BEFORE_QUERY_VALUE}${escapeRegExp(form)}${AFTER_QUERY_VALUE}`, 'g'),
      () => redacted,
    );
  }
  return scrubbed;
}

/**
 * The text with a client's secret redacted where it appears as a credential (see
 * {@link scrubCredential}): as it is, and in the forms it takes in a query string or a
 * form, where it is also sent.
 *
 * @example
 * ```ts
 * scrubSecret('GET /users?token=u%2Babcdefgh1234', new Secret('u+abcdefgh1234')); // 'GET /users?token=*1234'
 * scrubSecret('GET /users/PNOPE: not found', new Secret('users')); // unchanged
 * ```
 */
export function scrubSecret(text: string, secret: Secret | undefined): string {
  return secret ? scrubCredential(text, secret.reveal(), secret.toString()) : text;
}
