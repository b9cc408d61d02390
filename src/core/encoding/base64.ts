// btoa is on every runtime (Buffer is Node's alone); slices keep a large array within the argument limit.
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
