/**
 * Sends an alert from a CI job through the Events API v2: a failed run triggers an alert
 * named after the pipeline; a later successful run resolves it and records a change event.
 *
 * The dedup key is what ties the runs together: every failure of `acme/web@main` goes to
 * the same alert (later failures are grouped into it rather than paging again), and the
 * success resolves exactly that alert. The client retries the 5xx answers the Events API
 * asks senders to retry (`DEFAULT_EVENTS_RETRY`), so a blip does not lose the page.
 *
 * In GitHub Actions (the routing key of an Events API v2 integration as a secret):
 *
 * ```yaml
 * - name: Tell PagerDuty
 *   if: always()
 *   run: npx tsx examples/send-ci-alert.ts ${{ job.status }}
 *   env:
 *     PAGERDUTY_ROUTING_KEY: ${{ secrets.PAGERDUTY_ROUTING_KEY }}
 * ```
 *
 * It reads `GITHUB_REPOSITORY`, `GITHUB_REF_NAME`, `GITHUB_SHA`, `GITHUB_SERVER_URL` and
 * `GITHUB_RUN_ID` when they are set; elsewhere, set `CI_PIPELINE` (and optionally
 * `CI_BUILD_URL`, `CI_COMMIT`).
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { EventsApiV2Client, type EventLink, type EventsApiV2ClientOptions } from 'pagerduty-client';

/** How the run ended. */
export type CiOutcome = 'failure' | 'success';

/** What {@link main} needs. */
export interface CiAlertOptions {
  /** The routing (integration) key of an Events API v2 integration. */
  routingKey: string;
  /** How the run ended. */
  outcome: CiOutcome;
  /** The pipeline's name, such as `acme/web@main`: it names the alert. */
  pipeline: string;
  /** The run's web page. */
  buildUrl?: string;
  /** The commit the run built. */
  commit?: string;
  /** The Events API base URL. @default 'https://events.pagerduty.com' */
  baseUrl?: string;
  /** Further client options (retries, logger, ...). */
  clientOptions?: EventsApiV2ClientOptions;
}

/** What was sent. */
export interface CiAlertResult {
  /** `trigger` for a failure, `resolve` for a success. */
  action: 'trigger' | 'resolve';
  /** The alert's dedup key. */
  dedupKey: string;
  /** The id of the change event a success records, when the API returned one. */
  changeEventId?: string;
}

/** The dedup key of a pipeline's alert. */
export function dedupKeyFor(pipeline: string): string {
  return `ci/${pipeline}`;
}

/** Triggers (failure) or resolves (success) the pipeline's alert. */
export async function main(options: CiAlertOptions): Promise<CiAlertResult> {
  const { outcome, pipeline, buildUrl, commit } = options;
  await using events = new EventsApiV2Client(options.routingKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  const dedupKey = dedupKeyFor(pipeline);
  const links: EventLink[] = buildUrl ? [{ href: buildUrl, text: 'CI run' }] : [];
  const details = { pipeline, ...(commit ? { commit } : {}) };
  if (outcome === 'failure') {
    await events.trigger(`CI failed: ${pipeline}`, pipeline, {
      dedupKey,
      severity: 'error',
      component: 'ci',
      customDetails: details,
      links,
      client: 'CI',
      ...(buildUrl ? { clientUrl: buildUrl } : {}),
    });
    return { action: 'trigger', dedupKey };
  }
  // Resolving a key with no open alert is accepted and does nothing, so every success may send it.
  await events.resolve(dedupKey);
  const change = await events.submit(`CI passed: ${pipeline}${commit ? ` at ${commit.slice(0, 12)}` : ''}`, {
    source: pipeline,
    customDetails: details,
    links,
  });
  return { action: 'resolve', dedupKey, ...(change.id ? { changeEventId: change.id } : {}) };
}

/** The options from a CI job's environment (GitHub Actions names, or `CI_*`). */
export function optionsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  status: string | undefined,
): CiAlertOptions {
  const routingKey = env.PAGERDUTY_ROUTING_KEY;
  if (!routingKey) throw new Error('set PAGERDUTY_ROUTING_KEY');
  const outcome =
    status === 'success' ? 'success' : status === 'failure' || status === 'cancelled' ? 'failure' : undefined;
  if (!outcome) throw new Error('give the job status: success or failure');
  const pipeline =
    env.CI_PIPELINE ??
    (env.GITHUB_REPOSITORY ? `${env.GITHUB_REPOSITORY}@${env.GITHUB_REF_NAME ?? 'main'}` : undefined);
  if (!pipeline) throw new Error('set CI_PIPELINE (or run in GitHub Actions)');
  const githubRun =
    env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  return {
    routingKey,
    outcome,
    pipeline,
    buildUrl: env.CI_BUILD_URL ?? githubRun,
    commit: env.CI_COMMIT ?? env.GITHUB_SHA,
    baseUrl: env.PAGERDUTY_EVENTS_URL,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  Promise.resolve()
    .then(() => main(optionsFromEnvironment(process.env, process.argv[2])))
    .then((result) => console.log(`${result.action} ${result.dedupKey}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
