// btoa is on every runtime the library supports (Node, Bun, Deno, Workers, browsers); Buffer is Node's alone.
// The bytes go through a binary string in slices, so that a large array does not overflow the argument list.
const SLICE = 0x8000;

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/** Base64url (RFC 4648 §5) without padding, as PKCE (RFC 7636) and JWTs use it. */
export function base64Url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
