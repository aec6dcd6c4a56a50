/**
 * Format sniffing by magic bytes, and image header parsing (dimensions, TIFF page count) that reads only
 * headers, so limits are enforced before any pixel is decoded.
 */
import { EngineError } from '../errors.js';
import type { DocumentFormat } from './model.js';

export function sniffFormat(bytes: Uint8Array): DocumentFormat | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 &&
      bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a))) return 'tiff';
  // The PDF header may follow some junk; readers accept it within the first KiB.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return undefined;
}

export interface ImageFrame {
  width: number;
  height: number;
}

/** Dimensions of every frame (page) declared in an image's headers. Throws unsupported_document if unreadable. */
export function imageFrames(bytes: Uint8Array, format: Exclude<DocumentFormat, 'pdf'>): ImageFrame[] {
  const frames = format === 'png' ? pngFrames(bytes) : format === 'jpeg' ? jpegFrames(bytes) : tiffFrames(bytes);
  if (frames.length === 0 || frames.some((f) => !(f.width > 0 && f.height > 0))) {
    throw new EngineError('unsupported_document', `${format} header declares no valid image`);
  }
  return frames;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function pngFrames(bytes: Uint8Array): ImageFrame[] {
  if (bytes.length < 24) throw new EngineError('unsupported_document', 'truncated PNG header');
  const v = view(bytes);
  // Signature (8), IHDR length (4), "IHDR" (4), width, height.
  if (String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!) !== 'IHDR') {
    throw new EngineError('unsupported_document', 'PNG without IHDR');
  }
  return [{ width: v.getUint32(16), height: v.getUint32(20) }];
}

function jpegFrames(bytes: Uint8Array): ImageFrame[] {
  const v = view(bytes);
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    // Standalone markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = v.getUint16(pos + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (pos + 9 > bytes.length) break;
      return [{ height: v.getUint16(pos + 5), width: v.getUint16(pos + 7) }];
    }
    pos += 2 + length;
  }
  throw new EngineError('unsupported_document', 'JPEG without a frame header');
}

/** Walks the IFD chain of a classic TIFF (not BigTIFF); stops at cycles and after `limit` pages. */
export function tiffFrames(bytes: Uint8Array, limit = 100_000): ImageFrame[] {
  const v = view(bytes);
  const le = bytes[0] === 0x49;
  const u16 = (o: number) => v.getUint16(o, le);
  const u32 = (o: number) => v.getUint32(o, le);
  const frames: ImageFrame[] = [];
  const seen = new Set<number>();
  let ifd = u32(4);
  while (ifd !== 0) {
    if (seen.has(ifd) || ifd + 2 > bytes.length || frames.length >= limit) break;
    seen.add(ifd);
    const count = u16(ifd);
    if (ifd + 2 + count * 12 + 4 > bytes.length) throw new EngineError('unsupported_document', 'truncated TIFF directory');
    let width = 0;
    let height = 0;
    let subfile = 0;
    for (let i = 0; i < count; i++) {
      const e = ifd + 2 + i * 12;
      const tag = u16(e);
      const type = u16(e + 2);
      const value = type === 3 ? u16(e + 8) : u32(e + 8);
      if (tag === 256) width = value;
      else if (tag === 257) height = value;
      else if (tag === 254) subfile = value;
    }
    // Reduced-resolution copies (thumbnails) are not pages.
    if ((subfile & 1) === 0) frames.push({ width, height });
    ifd = u32(ifd + 2 + count * 12);
  }
  return frames;
}
