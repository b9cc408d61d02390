// The hooks on the transport's own agents, on a stand-in agent: requests reach the attempt
// that builds them, and each connection reports its closing once.
import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Agent, ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { buildingFor, hookAgent } from '../../../src/core/transport/agent-hooks.js';

/** A stand-in agent that records the requests it receives and returns the socket it is told to. */
function fakeAgent(socketToReturn: () => EventEmitter | undefined) {
  const received: unknown[] = [];
  const agent = {
    addRequest(request: unknown) {
      received.push(request);
    },
    createConnection(_options: unknown, callback?: (error: Error | null, socket?: EventEmitter) => void) {
      const socket = socketToReturn();
      if (socket === undefined) callback?.(null, new EventEmitter());
      return socket;
    },
  };
  return { agent: agent as unknown as Agent, received };
}

const hooked = (agent: Agent) => agent as unknown as { addRequest(r: unknown, o: unknown): void; createConnection(o: unknown, cb?: (e: Error | null, s?: EventEmitter) => void): EventEmitter | undefined };

describe('hookAgent', () => {
  it('hands each request to the attempt whose fetch call builds it, and to the agent as before', () => {
    const { agent, received } = fakeAgent(() => new EventEmitter());
    hookAgent(agent, () => {});
    const attached: unknown[] = [];
    const attempt = { attach: (request: ClientRequest) => attached.push(request) };
    const inside = { name: 'inside' };
    const outside = { name: 'outside' };
    const result = buildingFor(attempt, (_url: string, request: object) => {
      hooked(agent).addRequest(request, {});
      return 'sent';
    }, 'http://h/x', inside);
    hooked(agent).addRequest(outside, {});
    expect(result).toBe('sent');
    expect(attached).toEqual([inside]);
    expect(received).toEqual([inside, outside]);
  });

  it('stops handing requests over when the fetch call throws', () => {
    const { agent } = fakeAgent(() => new EventEmitter());
    hookAgent(agent, () => {});
    const attached: unknown[] = [];
    const attempt = { attach: (request: ClientRequest) => attached.push(request) };
    expect(() =>
      buildingFor(attempt, () => {
        throw new Error('bad URL');
      }, 'x', {}),
    ).toThrow('bad URL');
    hooked(agent).addRequest({}, {});
    expect(attached).toEqual([]);
  });

  it('reports once when a connection it opened closes, whether returned or handed to the callback', () => {
    const returned = new EventEmitter();
    let next: EventEmitter | undefined = returned;
    const { agent } = fakeAgent(() => next);
    const closed: unknown[] = [];
    hookAgent(agent, (socket: Socket) => closed.push(socket));
    expect(hooked(agent).createConnection({})).toBe(returned);
    let handed: EventEmitter | undefined;
    next = undefined;
    hooked(agent).createConnection({}, (_error, socket) => (handed = socket));
    returned.emit('close');
    returned.emit('close');
    handed?.emit('close');
    expect(closed).toEqual([returned, handed]);
  });
});
