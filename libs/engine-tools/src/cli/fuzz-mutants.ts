/**
 * Deterministic mutants of small valid documents, for fuzzing ingest (see fuzz-ingest.ts and
 * test/document/ingest-fuzz.test.ts). A mutant is a pure function of (seed documents, master seed, index):
 * printing the master seed and index is enough to rebuild it.
 *
 * Mutations are the ways real hostile or broken uploads differ from good ones: cut off (truncation), bit rot
 * (byte flips), bad splicing (chunk duplication/deletion, a chunk of another file), and targeted damage to the
 * structures readers trust: PDF xref/trailer/startxref, stream /Length, /Filter chains and their parameters,
 * nesting depth, image header dimensions, and a valid magic number followed by another format's body.
 */
import { crc32, deflateSync } from 'node:zlib';

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

export interface Mutant {
  /** Index within the run (with the master seed, reproduces the mutant). */
  index: number;
  seed: string;
  /** The mutations applied, in order (for the report). */
  ops: string[];
  bytes: Uint8Array;
}

/** mulberry32: small, fast and identical on every platform. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)]!;
const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const bytesOf = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Positions of every match of `re` (global) in the latin1 text of `b`. */
function matches(b: Uint8Array, re: RegExp): RegExpExecArray[] {
  return [...latin1(b).matchAll(re)];
}

/** Replaces one random match of `re` with `make(match)`; undefined when nothing matches. */
function replaceOne(r: Rand, b: Uint8Array, re: RegExp, make: (m: RegExpExecArray) => string): Uint8Array | undefined {
  const all = matches(b, re);
  if (all.length === 0) return undefined;
  const m = pick(r, all);
  return concat(b.subarray(0, m.index), bytesOf(make(m)), b.subarray(m.index + m[0].length));
}

const FILTERS = ['/FlateDecode', '/LZWDecode', '/ASCII85Decode', '/ASCIIHexDecode', '/RunLengthDecode', '/CCITTFaxDecode',
  '/DCTDecode', '/JBIG2Decode', '/JPXDecode', '/Crypt', '/BrotliDecode', '/Bogus', '/Fl', '/AHx'];
const PARMS = ['<< /Predictor 12 /Columns 999999999 >>', '<< /Predictor 15 /Colors 60000 /BitsPerComponent 16 /Columns 4 >>',
  '<< /Predictor 2 /Columns -5 >>', '<< /EarlyChange 0 >>', '<< /K -1 /Columns 2000000000 /Rows 2000000000 >>',
  '<< /JBIG2Globals 9999 0 R >>', 'null', '[null null null]', '<< /Predictor 10 /Columns 0 >>'];
const HUGE = ['0', '-1', '2147483647', '4294967296', '99999999999999999999', '1e308', 'NaN', '65535', '1000000', '3.5'];

type Mutator = (r: Rand, b: Uint8Array, other: Uint8Array, heavy: boolean) => Uint8Array | undefined;

/** Operators repeated by contentFlood: state, text, transform and XObject floods (seedPdf names F1, Im1, Fm1). */
const FLOOD_OPS = ['q ', 'Q ', 'BT /F1 12 Tf 72 700 Td (x) Tj ET\n', '1 0 0 1 0 0 cm ', '1 0 0 1 9 9 Tm (ab) Tj ', '/Im1 Do ', '/Fm1 Do ', '0 0 m 1 1 l S ', '[(a) -20 (b)] TJ '];
/** Font dictionaries with hostile tables (widths over every code, huge Differences codes, ranged ToUnicode). */
const HOSTILE_FONTS = [
  '<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /W [0 4294967295 500 -2147483648 0 1] /W2 [0 4294967295 1 2 3] >>] >>',
  '<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-V /DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 9 >> /DW2 [1e308 -1e308] /W [0 [1e308 -1e308 NaN]] >>] >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 0 /LastChar 4294967295 /Widths [1 2 3] /Encoding << /Differences [4294967295 /a -1 /b 1e9 /c] >> >>',
  '<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /UniJIS-UCS2-H /DescendantFonts [<< /Subtype /CIDFontType2 /CIDToGIDMap 9 0 R >>] >>',
  '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1e308 1e308] /FontMatrix [1e-308 0 0 1e-308 0 0] /CharProcs << /a 8 0 R >> /Encoding << /Differences [0 /a] >> /FirstChar 0 /LastChar 255 /Widths [] /Resources << /Font << /F1 5 0 R >> >> >>',
];

const MUTATORS: Record<string, Mutator> = {
  truncate: (r, b) => b.subarray(0, int(r, b.length)),
  flip: (r, b) => {
    const out = b.slice();
    const n = 1 + int(r, 16);
    for (let i = 0; i < n; i++) out[int(r, out.length)] ^= 1 << int(r, 8);
    return out;
  },
  randomBytes: (r, b) => {
    const out = b.slice();
    const at = int(r, out.length);
    const n = Math.min(out.length - at, 1 + int(r, 64));
    for (let i = 0; i < n; i++) out[at + i] = int(r, 256);
    return out;
  },
  duplicateChunk: (r, b) => {
    const from = int(r, b.length);
    const len = 1 + int(r, Math.min(4096, b.length - from));
    const at = int(r, b.length + 1);
    const times = 1 + int(r, 4);
    const chunk = b.subarray(from, from + len);
    return concat(b.subarray(0, at), ...Array.from({ length: times }, () => chunk), b.subarray(at));
  },
  deleteChunk: (r, b) => {
    const from = int(r, b.length);
    const len = 1 + int(r, Math.min(4096, b.length - from));
    return concat(b.subarray(0, from), b.subarray(from + len));
  },
  spliceOther: (r, b, other) => {
    const at = int(r, b.length);
    const from = int(r, other.length);
    return concat(b.subarray(0, at), other.subarray(from, from + 1 + int(r, 8192)), b.subarray(at + int(r, 1024)));
  },
  // --- PDF structure ---
  startxref: (r, b) => replaceOne(r, b, /startxref\s+(\d+)/g, () => `startxref\n${pick(r, ['0', '1', '-1', '999999999', String(int(r, b.length)), 'x'])}`),
  xrefEntries: (r, b) => replaceOne(r, b, /\d{10} \d{5} [nf]/g, () =>
    `${String(pick(r, [0, 1, int(r, b.length), 9999999999])).padStart(10, '0').slice(0, 10)} ${pick(r, ['00000', '65535', '99999'])} ${pick(r, ['n', 'f', 'x'])}`),
  xrefHeader: (r, b) => replaceOne(r, b, /xref\s+\d+ \d+/g, () => `xref\n${pick(r, ['0', '5', '-3'])} ${pick(r, HUGE)}`),
  trailer: (r, b) => replaceOne(r, b, /\/(Root|Size|Prev|Info|Pages|Kids|Count|Parent|XRefStm|Encrypt)\b[^/>]*/g, (m) =>
    pick(r, ['', `/${m[1]} ${pick(r, HUGE)} `, `/${m[1]} 1 0 R `, `/${m[1]} 99999 0 R `, `/${m[1]} [1 0 R 1 0 R] `, `/${m[1]} << /Type /Pages /Kids [2 0 R] /Count 1 >> `])),
  cutTrailer: (r, b) => {
    const at = latin1(b).lastIndexOf(pick(r, ['trailer', 'xref', 'startxref', '%%EOF', 'endobj']));
    return at < 0 ? undefined : b.subarray(0, at + int(r, 12));
  },
  streamLength: (r, b) => replaceOne(r, b, /\/Length\s+\d+(\s+0\s+R)?/g, (m) =>
    `/Length ${pick(r, [...HUGE, '7 0 R', '99 0 R', String(Number(m[0].match(/\d+/)![0]) + int(r, 200) - 100)])}`),
  filterChain: (r, b) => {
    const chain = Array.from({ length: 1 + int(r, 5) }, () => pick(r, FILTERS)).join(' ');
    const parms = r() < 0.5 ? ` /DecodeParms ${r() < 0.5 ? pick(r, PARMS) : `[${Array.from({ length: 1 + int(r, 4) }, () => pick(r, PARMS)).join(' ')}]`}` : '';
    return replaceOne(r, b, /\/Filter\s*(\/\w+|\[[^\]]*\])|\/Length\s/g, (m) =>
      m[0].startsWith('/Length') ? `/Filter [${chain}]${parms} /Length ` : `/Filter [${chain}]${parms}`);
  },
  deepNesting: (r, b) => {
    const depth = pick(r, [100, 1000, 10_000, 100_000]);
    const kind = int(r, 3);
    const nest = kind === 0 ? '['.repeat(depth) + ']'.repeat(r() < 0.5 ? depth : 0)
      : kind === 1 ? '<< /A '.repeat(depth) + '>>'.repeat(r() < 0.5 ? depth : 0)
        : 'q '.repeat(depth) + 'BT /F1 12 Tf (x) Tj ET ' + 'Q '.repeat(depth);
    // Into an object body, a dictionary value or (for q nesting) a content stream.
    if (kind === 2) return replaceOne(r, b, /stream\r?\n/g, (m) => `${m[0]}${nest}`);
    return replaceOne(r, b, /\d+ 0 obj\s*|\/(Kids|Resources|Contents|MediaBox|Annots)\s*/g, (m) => `${m[0]}${nest} `);
  },
  imageDims: (r, b) => replaceOne(r, b, /\/(Width|Height|W|H|BitsPerComponent|BPC)\s+\d+/g, (m) => `/${m[1]} ${pick(r, HUGE)}`),
  pageGeometry: (r, b) => replaceOne(r, b, /\/(MediaBox|CropBox|Rotate|Matrix|BBox)\s*(\[[^\]]*\]|-?\d+)/g, (m) =>
    `/${m[1]} ${pick(r, ['[0 0 0 0]', '[0 0 1e308 1e308]', '[NaN 0 1 1]', '[0 0 -612 -792]', '[0 0 14400000 14400000]', '45', '-90', '[1 2]', 'null'])}`),
  contentOps: (r, b) => replaceOne(r, b, /\b(Tf|Tm|cm|Td|TJ|Tj|Do|re)\b/g, (m) =>
    pick(r, [`1e308 1e308 1e308 1e308 1e308 1e308 cm ${m[0]}`, `/F9 -1e10 Tf ${m[0]}`, `/Im9 Do ${m[0]}`, `BI /W 60000 /H 60000 /BPC 8 /CS /G ID \x00 EI ${m[0]}`, `[(a) -1e308 (b)] TJ ${m[0]}`, 'Do', 'BI', '0 0 0 0 0 0 Tm'])),
  contentFlood: (r, b, _other, heavy) => {
    // A content stream replaced by a compressed flood of one operator (a few hundred KB of file at most).
    const times = pick(r, heavy ? [1_000, 100_000, 1_000_000, 3_000_000] : [1_000, 10_000, 100_000]);
    const data = deflateSync(Buffer.from(pick(r, FLOOD_OPS).repeat(times) + 'BT /F1 12 Tf 72 700 Td (Total 1.00) Tj ET', 'latin1')).toString('latin1');
    return replaceOne(r, b, /<<[^<>]*\/Length \d+[^<>]*>>\s*stream\r?\n[\s\S]*?endstream/g, () => `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data}\nendstream`);
  },
  hostileFont: (r, b) => replaceOne(r, b, /<< \/Type \/Font [^\n]*? >>(?=\nendobj)/g, () => pick(r, HOSTILE_FONTS)),
  // --- Image headers ---
  pngIhdr: (r, b) => {
    if (b[0] !== 0x89 || b.length < 33) return undefined;
    const out = b.slice();
    const v = new DataView(out.buffer);
    const wide = pick(r, [0x7fffffff, 0xffffffff, 65535, 1, 0, 40_000_000, 39_999_999, 6324]);
    v.setUint32(16, wide);
    v.setUint32(20, pick(r, [1, 0, 0x7fffffff, 6324, 65535, 0xffffffff]));
    if (r() < 0.5) out[24] = pick(r, [1, 2, 4, 8, 16, 3, 0, 255]); // bit depth
    if (r() < 0.5) out[25] = pick(r, [0, 2, 3, 4, 6, 7, 255]); // colour type
    if (r() < 0.7) v.setUint32(29, crc32(out.subarray(12, 29)) >>> 0); // keep the CRC right half the time
    return out;
  },
  jpegSof: (r, b) => replaceOneBytes(r, b, [0xff, 0xc0], [0xff, 0xc2], [0xff, 0xc1], (out, at) => {
    const v = new DataView(out.buffer);
    if (at + 9 > out.length) return;
    v.setUint16(at + 5, pick(r, [0, 1, 65535, 30000, 6324]));
    v.setUint16(at + 7, pick(r, [0, 1, 65535, 30000, 6324]));
    if (r() < 0.3) out[at + 9] = pick(r, [0, 2, 5, 255]); // component count
  }),
  tiffTags: (r, b) => {
    if (!(b[0] === 0x49 || b[0] === 0x4d) || b.length < 16) return undefined;
    const out = b.slice();
    const v = new DataView(out.buffer);
    const le = out[0] === 0x49;
    const tags = [256, 257, 258, 259, 262, 273, 277, 278, 279, 284, 317, 322, 323, 324, 325];
    // Rewrite the value or count of a random IFD entry with a known tag.
    const entries: number[] = [];
    for (let i = 8; i + 12 <= out.length; i += 2) if (tags.includes(v.getUint16(i, le)) && v.getUint16(i + 2, le) >= 1 && v.getUint16(i + 2, le) <= 4) entries.push(i);
    if (entries.length === 0) return undefined;
    const e = pick(r, entries);
    if (r() < 0.3) v.setUint32(e + 4, pick(r, [0, 2, 0xffffffff, 1 << 30]), le);
    else if (v.getUint16(e + 2, le) === 3) v.setUint16(e + 8, pick(r, [0, 1, 65535, 7, 32773, 5, 7]), le);
    else v.setUint32(e + 8, pick(r, [0, 1, 0x7fffffff, 0xffffffff, 65535, 40_000_000, out.length, out.length - 1]), le);
    return out;
  },
  tiffIfdChain: (r, b) => {
    if (!(b[0] === 0x49 || b[0] === 0x4d) || b.length < 16) return undefined;
    const out = b.slice();
    const v = new DataView(out.buffer);
    v.setUint32(4, pick(r, [0, 8, 1, out.length - 2, out.length + 100, 0xffffffff, 4]), out[0] === 0x49);
    return out;
  },
  wrongMagic: (r, b, other) => {
    // A valid header (magic and a little more) followed by another file's body, or by nothing useful.
    const keep = pick(r, [3, 8, 16, 24, 33, 64]);
    return concat(b.subarray(0, Math.min(keep, b.length)), pick(r, [other.subarray(int(r, Math.min(other.length, 64))), bytesOf('%PDF-1.7\n'), new Uint8Array(int(r, 2048)), bytesOf('<html>'.repeat(100))]));
  },
};

function replaceOneBytes(r: Rand, b: Uint8Array, ...rest: Array<number[] | ((out: Uint8Array, at: number) => void)>): Uint8Array | undefined {
  const edit = rest.pop() as (out: Uint8Array, at: number) => void;
  const markers = rest as number[][];
  const found: number[] = [];
  for (let i = 0; i + 1 < b.length; i++) if (markers.some((m) => b[i] === m[0] && b[i + 1] === m[1])) found.push(i);
  if (found.length === 0) return undefined;
  const out = b.slice();
  edit(out, pick(r, found));
  return out;
}

export const MUTATIONS = Object.keys(MUTATORS);

/**
 * Mutant `index` of a run with `masterSeed`: one to three mutations stacked on one seed document. `heavy: false`
 * keeps operator floods under the per-page operator budget (seconds less per mutant, for the unit test).
 */
export function mutant(seeds: Seed[], masterSeed: number, index: number, options: { heavy?: boolean } = {}): Mutant {
  const r = rng((Math.imul(masterSeed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  const seed = pick(r, seeds);
  const other = pick(r, seeds).bytes;
  let bytes = seed.bytes;
  const ops: string[] = [];
  const rounds = 1 + (r() < 0.35 ? 1 : 0) + (r() < 0.15 ? 1 : 0);
  for (let i = 0; i < rounds; i++) {
    // A few tries to find a mutation that applies to this document (image header edits need an image...).
    for (let attempt = 0; attempt < 6; attempt++) {
      const name = pick(r, MUTATIONS);
      const next = bytes.length > 0 ? MUTATORS[name]!(r, bytes, other, options.heavy ?? true) : undefined;
      if (next) {
        bytes = next;
        ops.push(name);
        break;
      }
    }
  }
  return { index, seed: seed.name, ops, bytes: bytes === seed.bytes ? bytes.slice() : bytes };
}

// --- Seed documents that need no files: a tiny PDF with the features mutations target, a PNG, a TIFF. ---

function pdfFrom(objects: string[], xrefOffsetsFromObjects = true): Uint8Array {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  if (xrefOffsetsFromObjects) for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return bytesOf(body);
}

function streamObj(dict: string, data: string, flate: boolean): string {
  const bytes = flate ? deflateSync(Buffer.from(data, 'latin1')).toString('latin1') : data;
  return `<< ${dict} /Length ${bytes.length}${flate ? ' /Filter /FlateDecode' : ''} >>\nstream\n${bytes}\nendstream`;
}

/** Two pages: text in Helvetica (one page's content Flate-compressed), a Form XObject and a grey image XObject. */
export function seedPdf(): Uint8Array {
  let pixels = '';
  for (let y = 0; y < 64; y++) for (let x = 0; x < 96; x++) pixels += String.fromCharCode(((x >> 3) + (y >> 3)) % 2 ? 0 : 255);
  const text = (y: number, s: string) => `BT /F1 12 Tf 72 ${y} Td (${s}) Tj ET\n`;
  return pdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R /Fm1 7 0 R >> >> /Contents 8 0 R >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 /Resources << /Font << /F1 5 0 R >> >> /Contents 9 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    streamObj('/Type /XObject /Subtype /Image /Width 96 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8', pixels, true),
    streamObj('/Type /XObject /Subtype /Form /BBox [0 0 300 50] /Resources << /Font << /F1 5 0 R >> >>', text(10, 'Form text 42.00'), false),
    streamObj('', `${text(720, 'Invoice INV-0001 dated 2024-03-05')}${text(700, 'Total due: 1,234.56 EUR')}q 192 0 0 128 72 500 cm /Im1 Do Q\nq 1 0 0 1 72 400 cm /Fm1 Do Q\n`, false),
    streamObj('', text(720, 'Second page, rotated, Net 30 days'), true),
  ]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = concat(bytesOf(type), data);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return concat(len, body, crc);
}

/** An 8-bit grey PNG of width x height with a striped pattern. */
export function seedPng(width = 120, height = 40): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x % 12 < 6 && y % 10 < 7) ? 0 : 255;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  return concat(bytesOf('\x89PNG\r\n\x1a\n'), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', new Uint8Array(0)));
}

/** An uncompressed 8-bit grey little-endian TIFF with `pages` pages (one IFD each). */
export function seedTiff(pages = 3, width = 32, height = 16): Uint8Array {
  const entries = 8;
  const ifdSize = 2 + entries * 12 + 4;
  const pageBytes = width * height;
  const out = Buffer.alloc(8 + pages * (pageBytes + ifdSize));
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  let offset = 8;
  let prevLink = 4;
  for (let p = 0; p < pages; p++) {
    const data = offset;
    for (let i = 0; i < pageBytes; i++) out[data + i] = (i + p * 7) % 9 < 4 ? 0 : 255;
    const ifd = data + pageBytes;
    out.writeUInt32LE(ifd, prevLink);
    out.writeUInt16LE(entries, ifd);
    const tags: Array<[number, number, number]> = [[256, 4, width], [257, 4, height], [258, 3, 8], [259, 3, 1], [262, 3, 1], [273, 4, data], [278, 4, height], [279, 4, pageBytes]];
    tags.forEach(([tag, type, value], k) => {
      const e = ifd + 2 + k * 12;
      out.writeUInt16LE(tag, e);
      out.writeUInt16LE(type, e + 2);
      out.writeUInt32LE(1, e + 4);
      if (type === 3) out.writeUInt16LE(value, e + 8);
      else out.writeUInt32LE(value, e + 8);
    });
    prevLink = ifd + 2 + entries * 12;
    offset = ifd + ifdSize;
  }
  return new Uint8Array(out);
}

/** A baseline JPEG is not built here (no encoder without sharp); callers add one from a file or sharp. */
export function builtSeeds(): Seed[] {
  return [
    { name: 'built.pdf', bytes: seedPdf() },
    { name: 'built.png', bytes: seedPng() },
    { name: 'built.tiff', bytes: seedTiff() },
  ];
}
