export interface JsonBodyOptions {
  /** `true`: an empty body is `null` (as on 204); `false`: it is not JSON either. @default true */
  readonly emptyIsNull?: boolean;
}

export function decodeJsonBody(text: string, onInvalid: () => Error, options: JsonBodyOptions = {}): unknown {
  if ((options.emptyIsNull ?? true) && text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw onInvalid();
  }
}
