// What the transport asks of the runtime it runs on. Two modules answer: ./node-platform.ts (node-fetch, agents,
// proxies) under the `node` export condition, ./web-platform.ts (the runtime's own `fetch`) everywhere else.
import type { Agent } from 'node:http';
import type { ProxyEnv, ProxySetting } from './proxy.js';
import type { AgentOption } from './fetch-types.js';

/** The connection settings of one client. */
export interface ConnectionOptions {
  readonly agent?: AgentOption;
  readonly proxy?: ProxySetting;
  /** Where proxy variables are read; only the Node platform reads them. */
  readonly env?: ProxyEnv;
}

/** The agents of one client, until {@link Connections.close}. */
export interface Connections {
  /**
   * The agent for a request to `url`: the caller's, or one the client opened (`undefined`: the fetch's own), a
   * promise while a proxy agent loads.
   */
  agentFor(url: string): Agent | undefined | Promise<Agent>;
  /** Closes the connections the client opened; a caller's agent is left alone. */
  close(): void;
}
