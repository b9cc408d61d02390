/**
 * Lists the on-call roster of every escalation policy: for each rule, in order, the users
 * it pages directly and the users on the rotation of each schedule it targets.
 *
 * Shows `iterAll` over an index, `rget` with a reference object in place of a URL, and a
 * small cache so that a user named by several policies is fetched once. (On an account,
 * `GET /oncalls` also says who is on call at a given moment; the local emulator does not
 * serve it, so this example reads the policies themselves.)
 *
 * ```sh
 * PAGERDUTY_API_KEY=... npx tsx examples/list-on-call-users.ts
 * # against the emulator:
 * PAGERDUTY_API_KEY=<account key> PAGERDUTY_BASE_URL=http://127.0.0.1:8080 npx tsx examples/list-on-call-users.ts
 * ```
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { RestApiV2Client, type RestApiV2ClientOptions, type User } from 'pagerduty-client';

/** What {@link main} needs. */
export interface ListOnCallUsersOptions {
  /** A REST API key (account-level or user-scoped) or, with `clientOptions.authType: 'bearer'`, an OAuth token. */
  apiKey: string;
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** Further client options (region, retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
  /** Where the report goes, one line at a time. @default console.log */
  print?: (line: string) => void;
}

/** One user of a roster. */
export interface RosterEntry {
  /** The escalation level (1 for the first rule). */
  level: number;
  /** The user's id. */
  id: string;
  /** The user's name. */
  name: string;
  /** The user's email. */
  email: string;
  /** `'direct'`, or the name of the schedule through which the rule pages the user. */
  via: string;
}

/** The roster of one escalation policy. */
export interface PolicyRoster {
  /** The policy's id. */
  policyId: string;
  /** The policy's name. */
  policyName: string;
  /** Its users, level by level. */
  users: RosterEntry[];
}

/** Reads every escalation policy and prints (and returns) its roster. */
export async function main(options: ListOnCallUsersOptions): Promise<PolicyRoster[]> {
  const print = options.print ?? console.log;
  await using client = new RestApiV2Client(options.apiKey, { ...options.clientOptions, baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl });
  const users = new Map<string, Promise<User>>();
  const user = (id: string): Promise<User> => {
    let found = users.get(id);
    if (!found) {
      // A literal path is typed from the API description: this is a User.
      found = client.rget(`/users/${encodeURIComponent(id)}`);
      users.set(id, found);
    }
    return found;
  };
  const entry = async (level: number, id: string, via: string): Promise<RosterEntry> => {
    const { name, email } = await user(id);
    return { level, id, name, email, via };
  };

  const rosters: PolicyRoster[] = [];
  for await (const policy of client.iterAll('/escalation_policies')) {
    const roster: RosterEntry[] = [];
    for (const [index, rule] of policy.escalation_rules.entries()) {
      for (const target of rule.targets) {
        if (target.type === 'user_reference') {
          roster.push(await entry(index + 1, target.id, 'direct'));
        } else {
          const schedule = await client.rget(`/schedules/${encodeURIComponent(target.id)}`);
          for (const member of schedule.users ?? []) roster.push(await entry(index + 1, member.id, schedule.name ?? schedule.id ?? target.id));
        }
      }
    }
    // The description does not promise an id in answers (it is read-only): fall back to the summary.
    const policyId = policy.id ?? '';
    rosters.push({ policyId, policyName: policy.name || policy.summary || policyId, users: roster });
  }

  for (const { policyName, users: roster } of rosters) {
    print(policyName);
    for (const { level, name, email, via } of roster) print(`  level ${level}: ${name} <${email}>${via === 'direct' ? '' : ` (${via})`}`);
  }
  return rosters;
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
