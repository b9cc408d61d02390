// A response body decoded as JSON, or the answer that it is none: the caller words its own error.
export interface JsonBodyOptions {
  /** `true`: an empty body is `null` (as on 204); `false`: it is not JSON either. @default true */
  readonly emptyIsNull?: boolean;
}

/** A decoded body, or `ok: false` for one that is not JSON. */
export type JsonBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

export function decodeJsonBody(text: string, options: JsonBodyOptions = {}): JsonBody {
  if ((options.emptyIsNull ?? true) && text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
