// The bundled integration API clients: each one `IntegrationApiClient` over its generated descriptor and types.
import {
  IntegrationApiClient,
  type IntegrationApiClientOptions,
  type FixedAuthIntegrationApiClientOptions,
} from './integration-api-client.js';
import { JIRA_CLOUD_INTEGRATION_API } from '../../generated/integrations/jira-cloud-integration-api.js';
import type { JiraCloudIntegrationApiTypes } from '../../generated/types/jira-cloud-integration-api-endpoints.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { RequestFacts } from '../errors/error-classes.js';
import { Refusal } from '../errors/refusal.js';
import type { HttpErrorParts } from '../errors/client-errors.js';
import { Secret } from '../auth/secret.js';
import { scrubSecret } from '../auth/scrub-secret.js';
import { JIRA_SERVER_INTEGRATION_API } from '../../generated/integrations/jira-server-integration-api.js';
import type { JiraServerIntegrationApiTypes } from '../../generated/types/jira-server-integration-api-endpoints.js';
import { MS_TEAMS_INTEGRATION_API } from '../../generated/integrations/ms-teams-integration-api.js';
import type { MsTeamsIntegrationApiTypes } from '../../generated/types/ms-teams-integration-api-endpoints.js';
import { SLACK_INTEGRATION_API } from '../../generated/integrations/slack-integration-api.js';
import type { SlackIntegrationApiTypes } from '../../generated/types/slack-integration-api-endpoints.js';
import { SLACK_INTEGRATION_CONNECTIONS_API } from '../../generated/integrations/slack-integration-connections-api.js';
// prettier-ignore
import type {
  SlackIntegrationConnectionsApiTypes,
} from '../../generated/types/slack-integration-connections-api-endpoints.js';

/** The Jira Cloud integration API (`https://api.pagerduty.com/integration-jira-cloud`): account mappings, rules. */
export class JiraCloudIntegrationApiClient extends IntegrationApiClient<JiraCloudIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(JIRA_CLOUD_INTEGRATION_API, apiKey, options);
  }
}

export const JIRA_SIGNATURE_HEADER = 'x-pagerduty-jira-signature';

/**
 * The Jira Server integration API (`https://app.pagerduty.com/integration-jira-service`): a user OAuth token
 * only, and on every request the `x-pagerduty-jira-signature` header, a secret never printed or serialised.
 */
export class JiraServerIntegrationApiClient extends IntegrationApiClient<JiraServerIntegrationApiTypes> {
  readonly #signature: Secret;

  /**
   * @param accessToken - a user OAuth access token, or a {@link TokenProvider} of them
   * @param jiraSignatureToken - the Jira Server signature token
   * @param options - `baseUrl` and the engine's options
   */
  constructor(
    accessToken: string | TokenProvider,
    jiraSignatureToken: string,
    options: FixedAuthIntegrationApiClientOptions = {},
  ) {
    super(JIRA_SERVER_INTEGRATION_API, accessToken, options);
    this.#signature = new Secret(jiraSignatureToken);
  }

  /** The signature token, redacted (`*` and its last four characters). */
  get redactedSignature(): string {
    return this.#signature.toString();
  }

  /** The API's headers plus the signature header. */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), [JIRA_SIGNATURE_HEADER]: this.#signature.reveal() };
  }

  /** @internal The engine's HTTP error, with the signature token scrubbed from its message and body. */
  override httpError(parts: HttpErrorParts): Error {
    return super.httpError({
      ...parts,
      body: this.#scrub(parts.body),
      detail: parts.detail && this.#scrub(parts.detail),
    });
  }

  /** A refusal before any request, with the signature token scrubbed too. @internal */
  override refused(refusal: Refusal, request?: RequestFacts): Error {
    return super.refused(new Refusal(this.#scrub(refusal.message), refusal.code), request);
  }

  #scrub(text: string): string {
    // Errors raised while the base constructors run come before the signature exists.
    if (!(#signature in this)) return text;
    return scrubSecret(text, this.#signature);
  }
}

/** The Microsoft Teams integration API (`https://api.pagerduty.com/integration-ms-teams`), API key only. */
export class MsTeamsIntegrationApiClient extends IntegrationApiClient<MsTeamsIntegrationApiTypes> {
  /**
   * @param apiKey - the API key
   * @param options - `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: FixedAuthIntegrationApiClientOptions = {}) {
    super(MS_TEAMS_INTEGRATION_API, apiKey, options);
  }
}

/**
 * The Slack integration API (`https://api.pagerduty.com/integration-slack`): an incident's dedicated and
 * notification channels. Workspace connections are on another host: {@link SlackIntegrationConnectionsApiClient}.
 */
export class SlackIntegrationApiClient extends IntegrationApiClient<SlackIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(SLACK_INTEGRATION_API, apiKey, options);
  }
}

/** The Slack integration's connections API, on the app host `https://app.pagerduty.com/integration-slack`. */
export class SlackIntegrationConnectionsApiClient extends IntegrationApiClient<SlackIntegrationConnectionsApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(SLACK_INTEGRATION_CONNECTIONS_API, apiKey, options);
  }
}
