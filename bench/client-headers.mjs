// The headers the client sends with a GET (names, spelling, order and values), for the
// hand-written loops it is compared with: a loop that sent a shorter User-Agent would do
// less work in node-fetch's and node:http's header checks, which scan every value.
//
//   const headers = clientHeaders(VERSION, KEY, REST_API_V2_ACCEPT);

/** The client's GET headers: its User-Agent, the API's Accept, and the token. */
export function clientHeaders(version, key, accept) {
  return { 'User-Agent': `pagerduty-client/${version} node/${process.versions.node}`, Accept: accept, Authorization: `Token token=${key}` };
}
