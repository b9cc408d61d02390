const HEX = /^(?:[0-9a-f]{2})*$/i;

/** Lower-case hex, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** @throws RangeError for anything but pairs of hex digits (either case) */
export function bytesFromHex(text: string): Uint8Array {
  if (!HEX.test(text)) throw new RangeError('expected an even number of hex digits');
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}
