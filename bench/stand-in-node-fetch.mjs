// A stand-in for node-fetch 2 that answers every request from memory with the user of
// `user-server.mjs`, for `engine-cold.mjs`: what is left of a GET is the engine's own
// work (and the loop's), without a socket, a parser or a server. Only what the client
// and the loop read is there.
import { USER } from './user-server.mjs';

const BODY = Buffer.from(JSON.stringify(USER));
const NO_HEADERS = { get: () => null };

class StandInResponse {
  constructor(url) {
    this.url = url;
    this.status = 200;
    this.ok = true;
    this.headers = NO_HEADERS;
    this.body = { destroy() {} };
  }

  buffer() {
    return Promise.resolve(BODY);
  }

  json() {
    return Promise.resolve(JSON.parse(BODY.toString()));
  }
}

export default function fetch(url) {
  return Promise.resolve(new StandInResponse(url));
}
