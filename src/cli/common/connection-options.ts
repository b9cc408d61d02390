/**
 * The options every command that calls PagerDuty takes, in one place: `--profile`,
 * `--region`, `--base-url` and `--debug`, with help that names what each one wins over.
 *
 * @module
 */
import type { Argv } from 'yargs';
import { REGION_NAMES, REGIONS } from './connection.js';
import { BASE_URL_ENV, EVENTS_URL_ENV, envDefault } from '../environment.js';
import { PROFILE_ENV } from '../profiles/profile-store.js';

/** Which API a command calls: its base URL's variable and default differ. */
export type Service = 'rest' | 'events';

const BASE_URL_HELP: Record<Service, { describe: string; variable: string }> = {
  rest: { describe: "The REST API base URL (the emulator's, say); wins over --region", variable: BASE_URL_ENV },
  events: {
    describe: "The Events API base URL (the emulator's, say; a trailing /v2/enqueue is dropped); wins over --region",
    variable: EVENTS_URL_ENV,
  },
};

/** Adds `--profile` to a command's parser. */
export function withProfileOption<T>(yargs: Argv<T>): Argv<T> {
  return yargs.option('profile', {
    type: 'string',
    describe: 'The saved profile to use (pagerduty profile list); environment variables win over it',
    defaultDescription: envDefault(PROFILE_ENV, 'the current profile'),
  });
}

/** Adds `--profile`, `--region`, `--base-url` and `--debug` to a command's parser. */
export function withConnectionOptions<T>(yargs: Argv<T>, service: Service): Argv<T> {
  const { describe, variable } = BASE_URL_HELP[service];
  return withProfileOption(yargs)
    .option('region', {
      type: 'string',
      choices: REGION_NAMES,
      describe: `The service region (its ${service === 'rest' ? 'REST' : 'Events'} API host); wins over $${variable}`,
      defaultDescription: "the profile's, else us",
    })
    .option('base-url', {
      type: 'string',
      describe,
      defaultDescription: envDefault(variable, REGIONS.us[service]),
    })
    .option('debug', { type: 'boolean', default: false, describe: 'Print each request attempt to standard error' });
}
