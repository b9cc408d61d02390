// Known bodies, secrets and their HMAC-SHA256, computed outside the library (openssl dgst
// -sha256 -hmac, checked with Python's hmac module) and pasted here: the tests compare the
// library with these, never with itself.

/** A pagey.ping delivery, byte for byte. */
export const PING_BODY =
  '{"event":{"id":"01ABC","event_type":"pagey.ping","resource_type":"pagey","occurred_at":"2026-01-02T03:04:05.000Z",' +
  '"agent":null,"client":null,"data":{"type":"ping","message":"Hello from your friend Pagey!"}}}';

/** The subscription's current secret, and the one it replaced. */
export const CURRENT_SECRET = 'whsec-current';
export const PREVIOUS_SECRET = 'whsec-previous';

/** HMAC-SHA256 hex of PING_BODY with CURRENT_SECRET. */
export const PING_WITH_CURRENT = 'b18268b4a4c471d4a890903c0920f17079b85556f894278b0a216473798a0c07';
/** HMAC-SHA256 hex of PING_BODY with PREVIOUS_SECRET. */
export const PING_WITH_PREVIOUS = 'cd76037627610486c258082b7f450b1acc56be785aaaa57db0512b8997ad2f70';

/** HMAC-SHA256 hex of the UTF-8 bytes of "café" with the secret "k". */
export const CAFE_WITH_K = 'ab65517063e60db44e0ff6bb4aa95ec6f3143f30c467853214ebaf5b28bc343d';
