/**
 * Lists who is on call now: for every escalation policy, level by level, the user paged
 * directly or through a schedule, and until when.
 *
 * Shows `iterAll` over `GET /oncalls` with its filters (`earliest`, `include[]`), which
 * answers "who is on call at this moment" in one paged request instead of reading every
 * policy and schedule.
 *
 * ```sh
 * npm run example -- list-on-call-users                 # in this repository: against a local emulator
 * PAGERDUTY_API_KEY=... npx tsx examples/list-on-call-users.ts
 * ```
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { RestApiV2Client, type Oncall, type RestApiV2ClientOptions, type User } from 'pagerduty-client';

/** What {@link main} needs. */
export interface ListOnCallUsersOptions {
  /** A REST API key (account-level or user-scoped) or, with `clientOptions.authType: 'bearer'`, an OAuth token. */
  apiKey: string;
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** Only these escalation policies (their ids). @default every policy */
  escalationPolicyIds?: string[];
  /** Further client options (region, retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
  /** Where the report goes, one line at a time. @default console.log */
  print?: (line: string) => void;
}

/**
 * One on-call entry as `GET /oncalls` returns it with `include[]=users`: the description's
 * `Oncall`, whose user reference the API expands into the whole user (the description does
 * not say so, hence the type argument below). `end` is `null` for a user the policy targets
 * directly: on call for good.
 */
type OnCall = Omit<Oncall, 'user' | 'end'> & { user: User; end: string | null };

/** Who is on call at one level of one policy. */
export interface OnCallEntry {
  /** The escalation policy's id. */
  policyId: string;
  /** The escalation policy's name. */
  policyName: string;
  /** The escalation level (1 for the first rule). */
  level: number;
  /** The user's name. */
  name: string;
  /** The user's email. */
  email: string;
  /** `'direct'`, or the name of the schedule through which the user is on call. */
  via: string;
  /** When the on-call shift ends (ISO 8601); `null` when the policy targets the user directly. */
  until: string | null;
}

/** Prints (and returns) who is on call now, per escalation policy and level. */
export async function main(options: ListOnCallUsersOptions): Promise<OnCallEntry[]> {
  const print = options.print ?? console.log;
  const client = new RestApiV2Client(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  const entries: OnCallEntry[] = [];
  try {
    // `earliest` keeps one entry per policy, level and user: the current shift.
    const params = {
      earliest: true,
      include: ['users'],
      ...(options.escalationPolicyIds ? { escalation_policy_ids: options.escalationPolicyIds } : {}),
    };
    for await (const onCall of client.iterAll<OnCall>('/oncalls', params)) {
      entries.push({
        policyId: onCall.escalation_policy?.id ?? '',
        policyName: String(onCall.escalation_policy?.summary ?? onCall.escalation_policy?.id),
        level: onCall.escalation_level ?? 0,
        name: onCall.user.name,
        email: onCall.user.email,
        via: onCall.schedule ? String(onCall.schedule.summary ?? onCall.schedule.id) : 'direct',
        until: onCall.end,
      });
    }
  } finally {
    client.close();
  }

  let policy: string | undefined;
  for (const entry of [...entries].sort((a, b) => a.policyName.localeCompare(b.policyName) || a.level - b.level)) {
    if (entry.policyId !== policy) print(entry.policyName);
    policy = entry.policyId;
    const how = entry.via === 'direct' ? '' : ` (${entry.via}, until ${entry.until})`;
    print(`  level ${entry.level}: ${entry.name} <${entry.email}>${how}`);
  }
  return entries;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  if (!apiKey) {
    console.error('Set PAGERDUTY_API_KEY (and PAGERDUTY_BASE_URL for the emulator or another region).');
    process.exitCode = 2;
  } else {
    main({ apiKey, baseUrl: process.env.PAGERDUTY_BASE_URL }).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
  }
}
