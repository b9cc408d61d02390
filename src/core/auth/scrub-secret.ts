// A key of 8 characters or more is redacted wherever it appears; a shorter one only as a whole token, so that
// the key `k` does not turn `network error` into `networ* error`, nor the key `users` a path into `/*sers/P1`.
import type { Secret } from './secret.js';

export const MIN_FRAGMENT_LENGTH = 8;

// A `.` continues a word only when a letter or digit follows it (`abc.example.com`), not at a sentence's end.
const BEFORE_TOKEN = String.raw`(?<![A-Za-z0-9_+\-/\\]|[A-Za-z0-9]\.)`;
const AFTER_TOKEN = String.raw`(?![A-Za-z0-9_+\-/\\]|\.[A-Za-z0-9])`;

const BEFORE_QUERY_VALUE = String.raw`(?<=[?&][^=&#\s]*=)`;
const AFTER_QUERY_VALUE = String.raw`(?=$|[&#\s"'<>)\]},;])`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function encodedForms(value: string): string[] {
  const forms = [encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
  return [...new Set(forms)].filter((form) => form !== value);
}

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

/** Also in the percent-encoded forms a secret takes in a query string or a form, where it is sent too. */
export function scrubSecret(text: string, secret: Secret | undefined): string {
  return secret ? scrubCredential(text, secret.reveal(), secret.toString()) : text;
}
