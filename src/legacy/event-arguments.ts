/**
 * The events sessions' arguments as pdpyras took them: `trigger` and `submit` accept an
 * options object (camelCase keys, or pdpyras' snake_case ones) or pdpyras' positional
 * form; `null` means absent; empty `images`/`links` are left out (pdpyras tested them for
 * truth). A form that cannot be read is a `TypeError` showing the right one, never a
 * silently lost argument. And the checks pdpyras made before sending, no more: the rest
 * is the API's to judge. Everything here is pure.
 *
 * @module
 */
import type { SubmitOptions, TriggerOptions } from '../core/events/event-bodies.js';
import { EVENT_ACTIONS, type CustomDetails } from '../core/events/event-types.js';
import { isPlainObject } from '../core/plain-object.js';

/** Each field may also be `null`, which means absent. */
export type Nullable<T> = { [K in keyof T]?: T[K] | null };

/**
 * Options of `EventsAPISession.trigger`: the core's, each also accepting `null` (absent),
 * plus pdpyras' snake_case spellings `dedup_key`, `custom_details` and `client_url`.
 */
export type SessionTriggerOptions = Nullable<TriggerOptions> & {
  /** pdpyras' spelling of `dedupKey`. */
  dedup_key?: string | null;
  /** pdpyras' spelling of `customDetails`. */
  custom_details?: CustomDetails | null;
  /** The spelling of `clientUrl` on the wire. */
  client_url?: string | null;
};

/**
 * Options of `ChangeEventsAPISession.submit`: the core's, each also accepting `null`,
 * plus pdpyras' spelling `custom_details`.
 */
export type SessionSubmitOptions = Nullable<SubmitOptions> & {
  /** pdpyras' spelling of `customDetails`. */
  custom_details?: CustomDetails | null;
};

/** A method's two forms, for the message of a form that cannot be read. */
interface CallForms {
  readonly method: string;
  readonly options: string;
  readonly positional: readonly string[];
  readonly keys: readonly string[];
  readonly aliases: Readonly<Record<string, string>>;
}

const TRIGGER: CallForms = {
  method: 'trigger',
  options: 'trigger(summary, source, { dedupKey, severity, payload, customDetails, images, links, ... })',
  positional: ['dedupKey', 'severity', 'payload', 'customDetails', 'images', 'links'],
  keys: [
    'dedupKey',
    'severity',
    'payload',
    'customDetails',
    'images',
    'links',
    'component',
    'group',
    'class',
    'timestamp',
    'client',
    'clientUrl',
  ],
  aliases: { dedup_key: 'dedupKey', custom_details: 'customDetails', client_url: 'clientUrl' },
};

const SUBMIT: CallForms = {
  method: 'submit',
  options: 'submit(summary, { source, customDetails, links, images, timestamp })',
  positional: ['source', 'customDetails', 'links', 'timestamp'],
  keys: ['source', 'customDetails', 'links', 'images', 'timestamp'],
  aliases: { custom_details: 'customDetails' },
};

/** A plain object that is not a `Date` (a `Date` is a value here, never an options object). */
function isObjectArgument(value: unknown): value is Readonly<Record<string, unknown>> {
  return isPlainObject(value) && !(value instanceof Date);
}

function formsText(forms: CallForms): string {
  const parameters = ['summary', ...(forms.method === 'trigger' ? ['source'] : []), ...forms.positional].join(', ');
  return `${forms.options}, or pdpyras' positional form ${forms.method}(${parameters})`;
}

/** The options as camelCase keys, without `null`s, from either form. */
function readForms(forms: CallForms, rest: readonly unknown[]): Record<string, unknown> {
  if (rest.length === 0 || (rest.length === 1 && rest[0] === undefined)) return {};
  if (isObjectArgument(rest[0])) {
    if (rest.slice(1).some((value) => value !== undefined)) {
      throw new TypeError(`${forms.method}: an options object must be the last argument; use ${formsText(forms)}`);
    }
    return optionsObject(forms, rest[0]);
  }
  if (rest.length > forms.positional.length) {
    throw new TypeError(
      `${forms.method}: too many arguments (${rest.length + (forms.method === 'trigger' ? 2 : 1)}); ` +
        `use ${formsText(forms)}`,
    );
  }
  const options: Record<string, unknown> = {};
  rest.forEach((value, index) => {
    if (value !== undefined && value !== null) options[forms.positional[index]] = value;
  });
  return options;
}

function optionsObject(forms: CallForms, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const name = Object.hasOwn(forms.aliases, key) ? forms.aliases[key] : key;
    if (!forms.keys.includes(name)) {
      const aliases = Object.keys(forms.aliases).join(', ');
      throw new TypeError(
        `${forms.method}: unknown option ${JSON.stringify(key)}; the options are ${forms.keys.join(', ')} ` +
          `(pdpyras' ${aliases} work too): ${formsText(forms)}`,
      );
    }
    if (value === undefined || value === null) continue;
    if (Object.hasOwn(options, name) && options[name] !== value) {
      throw new TypeError(`${forms.method}: ${name} is given twice, with different values (once as ${key})`);
    }
    options[name] = value;
  }
  return options;
}

/** Images and links as pdpyras sent them: only when given and not empty. */
function presentList(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

/**
 * The trigger options from `trigger`'s arguments after `summary` and `source`: an options
 * object, or pdpyras' positional `dedupKey, severity, payload, customDetails, images, links`.
 *
 * @throws TypeError for an unknown option, too many arguments, or an options object
 *   followed by more arguments; the message shows both forms
 * @example
 * ```ts
 * triggerOptions(['web03/cpu', 'warning']); // { dedupKey: 'web03/cpu', severity: 'warning' }
 * triggerOptions([{ dedup_key: 'web03/cpu', links: null }]); // { dedupKey: 'web03/cpu' }
 * ```
 */
export function triggerOptions(rest: readonly unknown[]): TriggerOptions {
  const options = readForms(TRIGGER, rest);
  return { ...options, images: presentList(options.images), links: presentList(options.links) } as TriggerOptions;
}

/**
 * The change-event options from `submit`'s arguments after `summary`: an options object,
 * or pdpyras' positional `source, customDetails, links, timestamp`.
 *
 * @throws TypeError as {@link triggerOptions} does
 * @example
 * ```ts
 * submitOptions(['ci', null, [{ href: 'https://ci.example.com/42' }]]); // { source: 'ci', links: [...] }
 * ```
 */
export function submitOptions(rest: readonly unknown[]): SubmitOptions {
  const options = readForms(SUBMIT, rest);
  return { ...options, images: presentList(options.images), links: presentList(options.links) } as SubmitOptions;
}

/**
 * What pdpyras refused in `trigger`'s options before sending: a `payload` or
 * `customDetails` that is not an object. A dedup key that is not a string is refused too:
 * pdpyras dropped it silently, and the alert then got a new key.
 */
export function triggerOptionProblems(options: TriggerOptions): string[] {
  const problems: string[] = [];
  if (options.payload !== undefined && !isObjectArgument(options.payload)) problems.push('payload must be an object');
  if (options.customDetails !== undefined && !isObjectArgument(options.customDetails))
    problems.push('customDetails must be an object');
  if (options.dedupKey !== undefined && typeof options.dedupKey !== 'string')
    problems.push('dedupKey must be a string');
  return problems;
}

/** What pdpyras refused in `submit`'s options before sending: `customDetails` that is not an object. */
export function submitOptionProblems(options: SubmitOptions): string[] {
  return options.customDetails !== undefined && !isObjectArgument(options.customDetails)
    ? ['customDetails must be an object']
    : [];
}

/**
 * What pdpyras refused in an alert event before sending: an unknown `event_action`, and
 * for `acknowledge` and `resolve` a `dedup_key` that is not a string.
 *
 * @example
 * ```ts
 * pdpyrasAlertProblems({ event_action: 'resolve' });
 * // ['dedup_key is required for resolve events, and it must be a string']
 * pdpyrasAlertProblems({ event_action: 'trigger', payload: {} }); // [] (the API judges the payload)
 * ```
 */
export function pdpyrasAlertProblems(event: unknown): string[] {
  if (!isObjectArgument(event)) return ['an event must be an object'];
  const action = event.event_action;
  if (!(EVENT_ACTIONS as readonly unknown[]).includes(action)) {
    return [`event_action must be one of ${EVENT_ACTIONS.join(', ')}, got ${JSON.stringify(action) ?? 'nothing'}`];
  }
  if (action !== 'trigger' && typeof event.dedup_key !== 'string') {
    return [`dedup_key is required for ${String(action)} events, and it must be a string`];
  }
  return [];
}

/** pdpyras sent change events as given: the only refusal is a body that is not an object. */
export function pdpyrasChangeEventProblems(event: unknown): string[] {
  return isObjectArgument(event) ? [] : ['a change event must be an object'];
}

/**
 * An event body without its top-level `null` fields, which mean absent (Airflow's
 * provider calls `send_change_event(payload=..., links=None)`). A new object.
 */
export function withoutNullFields<T extends object>(event: T): T {
  return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== null && value !== undefined)) as T;
}
