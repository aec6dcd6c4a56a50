/** Base64 with what both Node 20+ and browsers have (`btoa`/`atob`), for inline documents and webhook secrets. */

// String.fromCharCode takes its bytes as arguments: chunks keep the argument list within engine limits.
const CHUNK = 0x8000;

export function encodeBase64(input: Uint8Array | ArrayBuffer): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** The bytes of a base64 text; throws on characters outside the alphabet. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
