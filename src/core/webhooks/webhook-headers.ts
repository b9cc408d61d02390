/** Request headers: a Node headers record (`req.headers`) or a fetch `Headers`-like object. */
export type WebhookHeaders =
  | {
      /** The header's value, or `null` when absent (as fetch's `Headers.get`). */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

export const SIGNATURE_HEADER = 'x-pagerduty-signature';
export const WEBHOOK_ID_HEADER = 'x-webhook-id';

export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = name in record ? name : Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' || value === undefined ? value : value.join(',');
}
