/**
 * How the transport's own agents let the attempts see their requests and connections,
 * without a listener on every request:
 *
 * - each request an agent receives is handed to the attempt whose fetch call is building
 *   it (node-fetch builds the request synchronously inside its call, so the attempt is the
 *   one {@link buildingFor} names);
 * - each connection an agent opens gets one `close` listener for its whole life (a
 *   keep-alive connection carries many requests), which tells the transport, so that an
 *   attempt whose body was cut short ends at once.
 *
 * Only the transport's own agents are hooked; a caller's agent is never changed.
 *
 * @module
 * @internal
 */
import type { Agent, ClientRequest } from 'node:http';
import type { Socket } from 'node:net';

/** What a hooked agent reports to. */
export interface AgentWatcher {
  /** A request the agent received while `attempt` was building it. */
  attach(request: ClientRequest): void;
}

/** The attempt whose fetch call is running now (see {@link buildingFor}). */
let building: AgentWatcher | undefined;

/**
 * Calls `send(url, init)` (a fetch) with `attempt` as the receiver of the requests the
 * hooked agents get meanwhile.
 */
export function buildingFor<I, T>(attempt: AgentWatcher, send: (url: string, init: I) => T, url: string, init: I): T {
  building = attempt;
  try {
    return send(url, init);
  } finally {
    building = undefined;
  }
}

/** The agent methods the hooks wrap; both are called with the agent as `this`. */
interface HookableAgent {
  addRequest(request: ClientRequest, options: unknown): void;
  createConnection(options: unknown, callback?: (error: Error | null, socket?: Socket) => void): Socket | undefined;
}

/**
 * Hooks one of the transport's own agents (Node's `http.Agent` and `https.Agent`, and the
 * proxy agent, which builds on them): requests go to the attempt building them, and every
 * connection it opens reports its closing to `onSocketClose`.
 *
 * @returns the agent, hooked
 */
export function hookAgent<A extends Agent>(agent: A, onSocketClose: (socket: Socket) => void): A {
  const target = agent as unknown as HookableAgent;
  const addRequest = target.addRequest;
  target.addRequest = function (this: unknown, request, options) {
    building?.attach(request);
    addRequest.call(this, request, options);
  };
  const createConnection = target.createConnection;
  const watched = new WeakSet<Socket>();
  const watch = (socket: Socket | undefined): Socket | undefined => {
    if (socket && !watched.has(socket)) {
      watched.add(socket);
      socket.once('close', () => onSocketClose(socket));
    }
    return socket;
  };
  target.createConnection = function (this: unknown, options, callback) {
    // An agent may hand its connection back through the callback instead of returning it.
    const returned = createConnection.call(this, options, callback && ((error, socket) => callback(error, watch(socket))));
    return watch(returned);
  };
  return agent;
}
