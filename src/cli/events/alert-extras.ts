/**
 * The parts of an alert beyond its summary that `pagerduty trigger` takes: custom details
 * (`--details '{"disk":"99%"}'` or `--details disk=99%`), links (`--link 'URL|text'`),
 * images (`--image 'SRC|HREF|ALT'`). Pure: flags go in, the event's fields come out.
 *
 * @module
 */
import type { CustomDetails, EventImage, EventLink } from '../../core/events/event-types.js';
import { isPlainObject } from '../../core/plain-object.js';
import { parseField } from '../api/api-arguments.js';
import { UsageError } from '../common/usage-error.js';

/**
 * Custom details from `--details` flags: each a JSON object, or `key=value` (true, false,
 * null and integers typed, as `-F` types them); later flags win on the same key.
 *
 * @throws UsageError for a flag that is neither
 * @example
 * ```ts
 * customDetails(['{"disk":"99%"}', 'host=db01', 'cores=8']); // { disk: '99%', host: 'db01', cores: 8 }
 * ```
 */
export function customDetails(flags: readonly string[]): CustomDetails | undefined {
  if (flags.length === 0) return undefined;
  const details: Record<string, unknown> = {};
  for (const flag of flags) {
    if (/^\s*[[{]/.test(flag)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(flag);
      } catch (error) {
        throw new UsageError(`--details: not valid JSON: ${(error as Error).message}`);
      }
      if (!isPlainObject(parsed)) throw new UsageError('--details: the JSON must be an object');
      Object.assign(details, parsed);
    } else {
      const { key, value } = parseFieldFor('--details', flag);
      details[key] = value;
    }
  }
  return details;
}

function parseFieldFor(option: string, flag: string): { key: string; value: unknown } {
  try {
    return parseField(flag, true);
  } catch {
    throw new UsageError(`${option} ${JSON.stringify(flag)} must be a JSON object or key=value`);
  }
}

function checkedUrl(option: string, text: string): string {
  if (!/^https?:\/\/\S+$/.test(text)) throw new UsageError(`${option}: ${JSON.stringify(text)} is not an http(s) URL`);
  return text;
}

/**
 * Links from `--link 'URL|text'` flags (the text is optional).
 *
 * @example
 * ```ts
 * eventLinks(['https://example.com/disk|Runbook']); // [{ href: 'https://example.com/disk', text: 'Runbook' }]
 * ```
 */
export function eventLinks(flags: readonly string[]): EventLink[] | undefined {
  if (flags.length === 0) return undefined;
  return flags.map((flag) => {
    const [href, ...text] = flag.split('|');
    const link: EventLink = { href: checkedUrl('--link', href.trim()) };
    return text.length > 0 ? { ...link, text: text.join('|').trim() } : link;
  });
}

/** Images from `--image 'SRC|HREF|ALT'` flags (the link and the alternative text are optional). */
export function eventImages(flags: readonly string[]): EventImage[] | undefined {
  if (flags.length === 0) return undefined;
  return flags.map((flag) => {
    const [src, href, ...alt] = flag.split('|').map((part) => part.trim());
    return {
      src: checkedUrl('--image', src),
      ...(href ? { href: checkedUrl('--image', href) } : {}),
      ...(alt.length > 0 && alt.join('|') ? { alt: alt.join('|') } : {}),
    };
  });
}
