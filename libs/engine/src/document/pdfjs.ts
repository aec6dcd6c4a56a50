/**
 * Loads pdf.js (legacy build, the one meant for Node) with its worker code running in this thread
 * ("fake worker"), after applying a few source patches to the worker:
 *  - a hard cap on the size of any decoded stream (a Flate/LZW "PDF bomb" fails fast instead of
 *    allocating gigabytes);
 *  - two performance fixes in text extraction: `TextState.clone()` built prototype chains
 *    (`Object.create(this)`), which turns every saved graphics state into a V8 prototype map and made
 *    text-heavy pages with many q/Q operators 2x slower; the CTM mixed Float32Array and Array, which
 *    made `Util.transform` polymorphic.
 *  - image placements recorded by text extraction (so finding images needs no second parse of the page);
 *  - in the display module, a plain-data copy instead of structuredClone for same-thread messages, and a
 *    canvas flag that leaves text out of a rendering.
 * Patched copies are written once to a cache directory (keyed by pdf.js version and patch hash) and
 * imported from there; `globalThis.pdfjsWorker` then makes pdf.js use the patched worker.
 * Every patch must match exactly once, so a pdf.js upgrade that moves the code fails loudly in tests.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Largest decoded size of any single PDF stream (content, font, image, object stream). */
export const MAX_DECODED_STREAM_BYTES = 128 * 1024 * 1024;

export const STREAM_TOO_LARGE = 'EXS_STREAM_TOO_LARGE';

/**
 * Most content-stream operators one page may run (its form XObjects' included), in text extraction and in
 * rendering each. A dense real page has tens of thousands, a detailed vector drawing a few hundred thousand;
 * a 100 KB Flate stream decoding to millions of `q`, `BT ... ET` or `/Fm1 Do` kept pdf.js busy for minutes and
 * gigabytes (found by fuzzing). Past the budget pdf.js stops the page and ingest answers document_too_large.
 */
export const MAX_PAGE_OPERATORS = 2_000_000;
/** What one use of a form XObject costs in that budget on top of its operators (a nested extraction). */
const FORM_OPERATOR_COST = 100;
/** Deepest q (save) nesting kept; deeper saves share their parent's state (real files stay under ~30). */
const MAX_SAVE_DEPTH = 1000;
/** Image placements recorded per content stream (ingest looks at a page's few large images only). */
const MAX_IMAGE_PLACEMENTS = 1000;

export const CONTENT_TOO_COMPLEX = 'EXS_CONTENT_TOO_COMPLEX';

/**
 * pdf.js skips content streams that fail to decode (it is lenient with broken files), so an oversized
 * stream would silently yield an empty page. The patch also counts them on this global; callers compare
 * the count before and after a document to report it.
 */
const BOMB_COUNTER = '__exsPdfStreamTooLarge';

export function oversizedStreamCount(): number {
  return ((globalThis as Record<string, unknown>)[BOMB_COUNTER] as number | undefined) ?? 0;
}

/** Like BOMB_COUNTER, for pages stopped at MAX_PAGE_OPERATORS (pdf.js also swallows those failures). */
const COMPLEX_COUNTER = '__exsPdfContentTooComplex';

export function overComplexPageCount(): number {
  return ((globalThis as Record<string, unknown>)[COMPLEX_COUNTER] as number | undefined) ?? 0;
}

const overBudget = `globalThis.${COMPLEX_COUNTER} = (globalThis.${COMPLEX_COUNTER} || 0) + 1;
          throw new Error("${CONTENT_TOO_COMPLEX}");`;

interface Patch {
  find: string;
  replace: string;
}

const PATCHES: Patch[] = [
  {
    find: `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }`,
    replace: `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }
    if (requested > ${MAX_DECODED_STREAM_BYTES}) {
      globalThis.${BOMB_COUNTER} = (globalThis.${BOMB_COUNTER} || 0) + 1;
      throw new Error("${STREAM_TOO_LARGE}");
    }`,
  },
  {
    // Native (DecompressionStream) inflate collects chunks without a bound: cap it too, and do not let
    // the cap fall back to the JS decoder.
    find: `        chunks.push(chunk);
        totalLength += chunk.byteLength;
      }`,
    replace: `        chunks.push(chunk);
        totalLength += chunk.byteLength;
        if (totalLength > ${MAX_DECODED_STREAM_BYTES}) {
          reader.cancel().catch(() => {});
          globalThis.${BOMB_COUNTER} = (globalThis.${BOMB_COUNTER} || 0) + 1;
          throw new Error("${STREAM_TOO_LARGE}");
        }
      }`,
  },
  {
    // Inflate with Node's synchronous zlib rather than DecompressionStream: the web-streams machinery and the
    // round trip through the libuv thread pool cost more than the inflating itself for content streams and
    // fonts. Same bytes; any failure (corrupt or truncated data, bad checksum) still falls back to pdf.js's
    // lenient JS decoder, and the output cap is zlib's maxOutputLength.
    find: `    const bytes = this.stream.isAsync && (await this.stream.asyncGetBytes()) || this.stream.getBytes();
    try {
      const {
        readable,`,
    replace: `    const bytes = this.stream.isAsync && (await this.stream.asyncGetBytes()) || this.stream.getBytes();
    const exsZlib = globalThis.process?.getBuiltinModule?.("node:zlib");
    if (exsZlib && (name === "deflate" || name === "brotli")) {
      let out;
      try {
        const opts = { maxOutputLength: ${MAX_DECODED_STREAM_BYTES} };
        out = name === "deflate" ? exsZlib.inflateSync(bytes, opts) : exsZlib.brotliDecompressSync(bytes, opts);
      } catch (ex) {
        if (ex?.code === "ERR_BUFFER_TOO_LARGE") {
          globalThis.${BOMB_COUNTER} = (globalThis.${BOMB_COUNTER} || 0) + 1;
          throw new Error("${STREAM_TOO_LARGE}");
        }
        return {
          decompressed: null,
          compressed: bytes
        };
      }
      // A plain Uint8Array that owns its whole buffer (a Buffer's slice() would not copy).
      return {
        decompressed: out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out),
        compressed: bytes
      };
    }
    try {
      const {
        readable,`,
  },
  {
    find: `    } catch {
      return {
        decompressed: null,
        compressed: bytes
      };
    }`,
    replace: `    } catch (ex) {
      if (ex?.message === "${STREAM_TOO_LARGE}") {
        throw ex;
      }
      return {
        decompressed: null,
        compressed: bytes
      };
    }`,
  },
  {
    // getPageDict prefetches the top-level page tree's kids into a cache of promises and only awaits the ones
    // it walks to: when the walk fails first (a broken page tree, a bad xref entry), a failed prefetch is a
    // rejection nobody handles, which would take down the process (or the service's engine thread) after
    // ingest has already answered unsupported_document. Callers that do await a cached prefetch still see it fail.
    find: `          pageDictCache.put(lastKid, xref.fetchAsync(lastKid));`,
    replace: `          const exsPrefetch = xref.fetchAsync(lastKid);
          exsPrefetch.catch(() => {});
          pageDictCache.put(lastKid, exsPrefetch);`,
  },
  {
    // A CID font's /W (and /W2) range entry [first last width] was filled one CID at a time with no bound:
    // [0 4294967295 500] took ~30 s and 2.6 GB (found by fuzzing). CIDs are 16-bit (0..65535), so a range is
    // clamped to them; real fonts never declare widths outside.
    find: `            for (let j = start; j <= code; j++) {
              glyphsWidths[j] = width;
            }`,
    replace: `            for (let j = Math.max(start, 0), exsLast = Math.min(code, 0xffff); j <= exsLast; j++) {
              glyphsWidths[j] = width;
            }`,
  },
  {
    find: `              for (let j = start; j <= code; j++) {
                glyphsVMetrics[j] = vmetric;
              }`,
    replace: `              for (let j = Math.max(start, 0), exsLast = Math.min(code, 0xffff); j <= exsLast; j++) {
                glyphsVMetrics[j] = vmetric;
              }`,
  },
  // Operator budgets (MAX_PAGE_OPERATORS): text extraction counts on the seenStyles set that a page's nested
  // form extractions share; rendering on the operator list that its forms append to.
  {
    find: `    sink ??= textSinkWrapper(null);
    const objId = stream.dict?.objId;`,
    replace: `    sink ??= textSinkWrapper(null);
    seenStyles.exsOps = (seenStyles.exsOps | 0) + ${FORM_OPERATOR_COST};
    if (seenStyles.exsOps > ${MAX_PAGE_OPERATORS}) {
          ${overBudget}
    }
    const objId = stream.dict?.objId;`,
  },
  {
    find: `        if (!preprocessor.read(operation)) {
          break;
        }
        textState = stateManager.state;`,
    replace: `        if (!preprocessor.read(operation)) {
          break;
        }
        if (++seenStyles.exsOps > ${MAX_PAGE_OPERATORS}) {
          ${overBudget}
        }
        textState = stateManager.state;`,
  },
  {
    find: `        operation.args = null;
        if (!preprocessor.read(operation)) {
          break;
        }
        let args = operation.args;`,
    replace: `        operation.args = null;
        if (!preprocessor.read(operation)) {
          break;
        }
        operatorList.exsOps = (operatorList.exsOps | 0) + 1;
        if (operatorList.exsOps > ${MAX_PAGE_OPERATORS}) {
          ${overBudget}
        }
        if (preprocessor.stateManager.exsDropped && (operation.fn === OPS.save || operation.fn === OPS.restore)) {
          preprocessor.stateManager.exsDropped = false;
          continue;
        }
        let args = operation.args;`,
  },
  {
    // q nesting: each save clones the state and keeps the old one, so millions of unbalanced q held gigabytes.
    // Past MAX_SAVE_DEPTH a save is only counted, and its restore only uncounts it.
    // Rendering leaves such a q and its Q out of the operator list too (the canvas keeps a state per save).
    find: `  constructor(initialState = new EvalState()) {
    this.state = initialState;
    this.stateStack = [];
  }
  save() {
    const old = this.state;
    this.stateStack.push(this.state);
    this.state = old.clone();
  }
  restore() {
    const prev = this.stateStack.pop();`,
    replace: `  constructor(initialState = new EvalState()) {
    this.state = initialState;
    this.stateStack = [];
    this.exsExtraSaves = 0;
    this.exsDropped = false;
  }
  save() {
    this.exsDropped = this.stateStack.length >= ${MAX_SAVE_DEPTH};
    if (this.exsDropped) {
      this.exsExtraSaves++;
      return;
    }
    const old = this.state;
    this.stateStack.push(this.state);
    this.state = old.clone();
  }
  restore() {
    this.exsDropped = this.exsExtraSaves > 0;
    if (this.exsDropped) {
      this.exsExtraSaves--;
      return;
    }
    const prev = this.stateStack.pop();`,
  },
  {
    // A copy made by the constructor (below) rather than Object.assign (generic and slow; q/Q pairs around every
    // run make this hot). Same result: ctm is shared (it is replaced, never written in place), the text and font
    // matrices copied.
    find: `    const clone = Object.assign(Object.create(this), this);
    clone.textMatrix = this.textMatrix.slice();
    clone.textLineMatrix = this.textLineMatrix.slice();
    clone.fontMatrix = this.fontMatrix.slice();
    return clone;`,
    replace: `    return new TextState(this);`,
  },
  {
    // Same arithmetic as Util.transform(ctm, Util.transform(textMatrix, tsm)) without two array
    // allocations per glyph run (this function dominated text extraction profiles).
    find: `      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));
    }`,
    replace: `      const m = textState.textMatrix;
      const c = textState.ctm;
      const t0 = m[0] * tsm[0] + m[2] * tsm[1];
      const t1 = m[1] * tsm[0] + m[3] * tsm[1];
      const t2 = m[0] * tsm[2] + m[2] * tsm[3];
      const t3 = m[1] * tsm[2] + m[3] * tsm[3];
      const t4 = m[0] * tsm[4] + m[2] * tsm[5] + m[4];
      const t5 = m[1] * tsm[4] + m[3] * tsm[5] + m[5];
      tsm[0] = c[0] * t0 + c[2] * t1;
      tsm[1] = c[1] * t0 + c[3] * t1;
      tsm[2] = c[0] * t2 + c[2] * t3;
      tsm[3] = c[1] * t2 + c[3] * t3;
      tsm[4] = c[0] * t4 + c[2] * t5 + c[4];
      tsm[5] = c[1] * t4 + c[3] * t5 + c[5];
      return tsm;
    }`,
  },
  {
    // The fields are set by a constructor that either starts fresh or copies a state (clone), so a copy does not
    // first allocate the fresh matrices it then replaces; same fields in the same order either way (one object
    // shape). The CTM is a plain array, not a Float32Array (mixing them made Util.transform polymorphic).
    find: `class TextState {
  ctm = new Float32Array(IDENTITY_MATRIX);
  fontName = null;
  fontSize = 0;
  loadedName = null;
  font = null;
  fontMatrix = FONT_IDENTITY_MATRIX;
  textMatrix = IDENTITY_MATRIX.slice();
  textLineMatrix = IDENTITY_MATRIX.slice();
  charSpacing = 0;
  wordSpacing = 0;
  leading = 0;
  textHScale = 1;
  textRise = 0;`,
    replace: `class TextState {
  constructor(from = null) {
    if (from === null) {
      this.ctm = IDENTITY_MATRIX.slice();
      this.fontName = null;
      this.fontSize = 0;
      this.loadedName = null;
      this.font = null;
      this.fontMatrix = FONT_IDENTITY_MATRIX;
      this.textMatrix = IDENTITY_MATRIX.slice();
      this.textLineMatrix = IDENTITY_MATRIX.slice();
      this.charSpacing = 0;
      this.wordSpacing = 0;
      this.leading = 0;
      this.textHScale = 1;
      this.textRise = 0;
    } else {
      this.ctm = from.ctm;
      this.fontName = from.fontName;
      this.fontSize = from.fontSize;
      this.loadedName = from.loadedName;
      this.font = from.font;
      this.fontMatrix = from.fontMatrix.slice();
      this.textMatrix = from.textMatrix.slice();
      this.textLineMatrix = from.textLineMatrix.slice();
      this.charSpacing = from.charSpacing;
      this.wordSpacing = from.wordSpacing;
      this.leading = from.leading;
      this.textHScale = from.textHScale;
      this.textRise = from.textRise;
    }
  }`,
  },
  {
    // A composite font with no file and no ToUnicode maps char codes to themselves (plus a few glyph fixes for
    // Tahoma and Verdana): pdf.js filled a 65,536-entry Map with that identity for every such font (2% of
    // ingest). The same answers from a range check and a map of the changed entries.
    find: 'class IdentityToUnicodeMap {',
    replace: `class ExsIdentityFontChar {
  #changed = new Map();
  constructor(first, last) {
    this.first = first;
    this.last = last;
  }
  #inRange(code) {
    return Number.isInteger(code) && this.first <= code && code <= this.last;
  }
  set(code, value) {
    this.#changed.set(code, value);
    return this;
  }
  has(code) {
    return this.#changed.has(code) || this.#inRange(code);
  }
  get(code) {
    if (this.#changed.has(code)) {
      return this.#changed.get(code);
    }
    return this.#inRange(code) ? code : undefined;
  }
  get size() {
    let extra = 0;
    for (const code of this.#changed.keys()) {
      if (!this.#inRange(code)) {
        extra++;
      }
    }
    return this.last + 1 - this.first + extra;
  }
  *[Symbol.iterator]() {
    for (let i = this.first; i <= this.last; i++) {
      yield [i, this.get(i)];
    }
    for (const [code, value] of this.#changed) {
      if (!this.#inRange(code)) {
        yield [code, value];
      }
    }
  }
  forEach(callback) {
    for (const [code, value] of this) {
      callback(value, code, this);
    }
  }
}
class IdentityToUnicodeMap {`,
  },
  {
    find: `    } else {
      const glyphsUnicodeMap = getGlyphsUnicode();
      const map = new Map();
      this.toUnicode.forEach((charCode, unicodeCharCode) => {
        if (!this.composite) {`,
    replace: `    } else if (this.composite && this.toUnicode instanceof IdentityToUnicodeMap) {
      const map = new ExsIdentityFontChar(this.toUnicode.firstChar, this.toUnicode.lastChar);
      if (/Tahoma|Verdana/i.test(name)) {
        applyStandardFontGlyphMap(map, getGlyphMapForStandardFonts());
      }
      this.toFontChar = map;
    } else {
      const glyphsUnicodeMap = getGlyphsUnicode();
      const map = new Map();
      this.toUnicode.forEach((charCode, unicodeCharCode) => {
        if (!this.composite) {`,
  },
  {
    // Text without any right-to-left character (nothing at or above U+0590; no Latin-1 character has a
    // right-to-left bidi type) is returned as it is, as pdf.js's bidi() does after classifying every character.
    find: `  if (strLength === 0 || vertical) {
    return createBidiText(str, isLTR, vertical);
  }`,
    replace: `  if (strLength === 0 || vertical) {
    return createBidiText(str, isLTR, vertical);
  }
  let exsPlain = true;
  for (let k = 0; k < strLength; k++) {
    if (str.charCodeAt(k) >= 0x0590) {
      exsPlain = false;
      break;
    }
  }
  if (exsPlain) {
    return createBidiText(str, true);
  }`,
  },
  {
    // compareWithLastPosition runs for every glyph and only reads the transform: it fills a scratch array
    // instead of allocating one (same arithmetic; every other caller still gets a fresh array it may keep).
    find: `    function getCurrentTextTransform() {
      const font = textState.font;
      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];`,
    replace: `    const exsScratchTransform = [0, 0, 0, 0, 0, 0];
    function getCurrentTextTransform(into = null) {
      const font = textState.font;
      let tsm;
      if (into === null) {
        tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      } else {
        tsm = into;
        tsm[0] = textState.fontSize * textState.textHScale;
        tsm[1] = 0;
        tsm[2] = 0;
        tsm[3] = textState.fontSize;
        tsm[4] = 0;
        tsm[5] = textState.textRise;
      }`,
  },
  {
    find: `    function compareWithLastPosition(glyphWidth) {
      const currentTransform = getCurrentTextTransform();`,
    replace: `    function compareWithLastPosition(glyphWidth) {
      const currentTransform = getCurrentTextTransform(exsScratchTransform);`,
  },
  {
    // Embedded TrueType CID fonts with an Identity CMap and no CIDToGIDMap: only codes below the glyph count can
    // map to a glyph, so the loop over all 65,536 codes stops there (same entries, same order).
    find: `      const isCidToGidMapEmpty = !cidToGidMap?.size;
      cMap.forEach((charCode, cid) => {`,
    replace: `      const isCidToGidMapEmpty = !cidToGidMap?.size;
      const exsCodes = isCidToGidMapEmpty && cMap instanceof IdentityCMap ? {
        forEach(callback) {
          for (let i = 0, n = Math.min(numGlyphs, 0x10000); i < n; i++) {
            callback(i, i);
          }
        }
      } : cMap;
      exsCodes.forEach((charCode, cid) => {`,
  },
  {
    // Text content chunks are handed over without a copy when the worker runs in this thread: the worker starts
    // new items and styles after each chunk and never touches the sent ones again (see FAST_CLONE).
    find: `      sink.enqueue(textContent, length);
      textContent.items = [];`,
    replace: `      sink.enqueue({
        items: textContent.items,
        styles: textContent.styles,
        lang: textContent.lang,
        [Symbol.for("exsSameThread")]: true
      }, length);
      textContent.items = [];`,
  },
  {
    // Content-stream operators are one to three ASCII characters. The lexer built each one a character at a
    // time as a new string and looked every prefix up by name; a per-table cache keyed by the characters'
    // codes gives the same token (same longest-known-prefix rule) without building or hashing strings. Longer
    // or non-ASCII tokens continue on pdf.js's own path from where the fast path stopped.
    find: `    const knownCommands = this.knownCommands;
    let knownCommandFound = knownCommands?.[str] !== undefined;
    while ((ch = this.nextChar()) >= 0 && !specialChars[ch]) {
      const possibleCommand = str + String.fromCharCode(ch);`,
    replace: `    const knownCommands = this.knownCommands;
    let knownCommandFound;
    if (knownCommands && ch >= 0x20 && ch <= 0x7f) {
      const table = exsCommandTable(knownCommands);
      let key = ch;
      let shift = 8;
      let entry = table.get(key) ?? exsCommandEntry(table, knownCommands, key);
      let done = true;
      while ((ch = this.nextChar()) >= 0 && !specialChars[ch]) {
        if (shift === 24 || ch > 0x7f) {
          done = false;
          break;
        }
        const nextKey = key | ch << shift;
        const next = table.get(nextKey) ?? exsCommandEntry(table, knownCommands, nextKey);
        if (entry.known && !next.known) {
          break;
        }
        key = nextKey;
        shift += 8;
        entry = next;
      }
      str = entry.str;
      if (done) {
        if (str === "BI") {
          this.beginInlineImagePos = this.stream.pos;
        }
        return entry.cmd ??= Cmd.get(str);
      }
      knownCommandFound = entry.known;
    } else {
      knownCommandFound = knownCommands?.[str] !== undefined;
      ch = this.nextChar();
    }
    for (; ch >= 0 && !specialChars[ch]; ch = this.nextChar()) {
      const possibleCommand = str + String.fromCharCode(ch);`,
  },
  {
    find: 'class Lexer {',
    replace: `const exsCommandTables = new WeakMap();
let exsLastKnownCommands = null;
let exsLastCommandTable = null;
function exsCommandTable(knownCommands) {
  if (knownCommands !== exsLastKnownCommands) {
    let table = exsCommandTables.get(knownCommands);
    if (!table) {
      table = new Map();
      exsCommandTables.set(knownCommands, table);
    }
    exsLastKnownCommands = knownCommands;
    exsLastCommandTable = table;
  }
  return exsLastCommandTable;
}
function exsCommandEntry(table, knownCommands, key) {
  let str = "";
  for (let k = key; k > 0; k >>>= 8) {
    str += String.fromCharCode(k & 0xff);
  }
  const entry = {
    str,
    known: knownCommands[str] !== undefined,
    cmd: null
  };
  if (table.size < 4096) {
    table.set(key, entry);
  }
  return entry;
}
class Lexer {`,
  },
  {
    // The position after each glyph (prevTransform, read by the next glyph's position check) is written into
    // one array instead of a new one per glyph; the only place it escapes (a whitespace item) gets a copy.
    find: '          textChunk.prevTransform = getCurrentTextTransform();',
    replace: '          textChunk.prevTransform = getCurrentTextTransform(exsPrevTransform);',
  },
  {
    find: `    const exsScratchTransform = [0, 0, 0, 0, 0, 0];`,
    replace: `    const exsScratchTransform = [0, 0, 0, 0, 0, 0];
    const exsPrevTransform = [0, 0, 0, 0, 0, 0];`,
  },
  {
    find: `      intersector?.addExtraChar(" ");
      textContent.items.push({
        str: " ",
        dir: "ltr",
        width,
        height,
        transform,`,
    replace: `      intersector?.addExtraChar(" ");
      textContent.items.push({
        str: " ",
        dir: "ltr",
        width,
        height,
        transform: transform === exsPrevTransform ? transform.slice() : transform,`,
  },
  {
    // Literal and hex strings in a decoded content stream: when the string has no escapes, nested parentheses
    // or (hex) whitespace, it is read straight from the stream's bytes instead of one character at a time into
    // an array that is then joined. Anything else takes pdf.js's own path, which is also the reference.
    find: `  getString() {
    let numParen = 1;
    let done = false;
    const strBuf = this.strBuf;
    strBuf.length = 0;
    let ch = this.nextChar();`,
    replace: `  getString() {
    const exsStream = this.stream;
    if (exsStream.constructor === Stream) {
      const bytes = exsStream.bytes;
      const start = exsStream.pos;
      const limit = Math.min(exsStream.end, start + 4096);
      let j = start;
      let b = -1;
      while (j < limit) {
        b = bytes[j];
        if (b === 0x29 || b === 0x28 || b === 0x5c) {
          break;
        }
        j++;
      }
      if (j < limit && b === 0x29) {
        const str = String.fromCharCode.apply(null, bytes.subarray(start, j));
        exsStream.pos = j + 1;
        this.nextChar();
        return str;
      }
    }
    let numParen = 1;
    let done = false;
    const strBuf = this.strBuf;
    strBuf.length = 0;
    let ch = this.nextChar();`,
  },
  {
    find: `  getHexString() {
    const strBuf = this.strBuf;
    strBuf.length = 0;
    let ch = this.currentChar;`,
    replace: `  getHexString() {
    const exsStream = this.stream;
    if (exsStream.constructor === Stream && exsStream.pos > exsStream.start && exsStream.bytes[exsStream.pos - 1] === this.currentChar) {
      const bytes = exsStream.bytes;
      const start = exsStream.pos - 1;
      const limit = Math.min(exsStream.end, start + 8192);
      let j = start;
      while (j < limit && toHexDigit(bytes[j]) !== -1) {
        j++;
      }
      if (j < limit && bytes[j] === 0x3e && (j - start) % 2 === 0) {
        const codes = new Array((j - start) >> 1);
        for (let k = start, n = 0; k < j; k += 2, n++) {
          codes[n] = toHexDigit(bytes[k]) << 4 | toHexDigit(bytes[k + 1]);
        }
        this._hexStringNumWarn = 0;
        exsStream.pos = j + 1;
        this.nextChar();
        return String.fromCharCode.apply(null, codes);
      }
    }
    const strBuf = this.strBuf;
    strBuf.length = 0;
    let ch = this.currentChar;`,
  },
  {
    // Name tokens (/F1, /GS0, resource and dictionary keys) without a #-escape are read straight from the stream's
    // bytes instead of one character at a time into an array that is then joined; same Name object (Name.get is
    // interned by string). Escapes, over-long names (pdf.js warns) and other streams keep pdf.js's own path.
    find: `  getName() {
    let ch, previousCh;
    const strBuf = this.strBuf;
    strBuf.length = 0;`,
    replace: `  getName() {
    const exsStream = this.stream;
    if (exsStream.constructor === Stream && exsStream.pos > exsStream.start && exsStream.bytes[exsStream.pos - 1] === this.currentChar) {
      const bytes = exsStream.bytes;
      const start = exsStream.pos;
      const end = exsStream.end;
      const limit = Math.min(end, start + 128);
      let j = start;
      let b = 0;
      while (j < limit) {
        b = bytes[j];
        if (specialChars[b] || b === 0x23) {
          break;
        }
        j++;
      }
      if (j - start <= 127 && (j === end || j < limit && b !== 0x23)) {
        const str = j === start + 1 ? String.fromCharCode(bytes[start]) : String.fromCharCode.apply(null, bytes.subarray(start, j));
        exsStream.pos = j;
        this.nextChar();
        return Name.get(str);
      }
    }
    let ch, previousCh;
    const strBuf = this.strBuf;
    strBuf.length = 0;`,
  },
  {
    // Each operator's spec (id, argument count) is looked up once per interned Cmd and kept on it, instead of by
    // name in the operator table (a null-prototype dictionary) for every operator of every content stream.
    find: `class Cmd {
  constructor(cmd) {
    this.cmd = cmd;
  }`,
    replace: `class Cmd {
  constructor(cmd) {
    this.cmd = cmd;
    this.exsOpSpec = undefined;
  }`,
  },
  {
    find: `        const cmd = obj.cmd;
        const opSpec = EvaluatorPreprocessor.opMap[cmd];
        if (!opSpec) {`,
    replace: `        const cmd = obj.cmd;
        let opSpec = obj.exsOpSpec;
        if (opSpec === undefined) {
          opSpec = obj.exsOpSpec = EvaluatorPreprocessor.opMap[cmd] ?? null;
        }
        if (!opSpec) {`,
  },
  // Image placements in the text content. Text extraction walks the content stream anyway and knows where
  // each image is painted (the CTM at its Do / inline EI); recording that spares ingest a second parse of
  // the page (getOperatorList, which also decodes every image and builds glyph paths) just to find images.
  // Each placement becomes an item { type: "exsImage", ref, width, height, transform } among the text items.
  {
    find: '    const emptyXObjectCache = new LocalImageCache();\n    const emptyGStateCache = new LocalGStateCache();',
    replace: `    const emptyXObjectCache = new LocalImageCache();
    const emptyGStateCache = new LocalGStateCache();
    const exsImagesByName = new Map();
    const exsImagesByRef = new Map();
    function exsImageInfo(dict) {
      return { type: "exsImage", ref: typeof dict.objId === "string" ? dict.objId : null, width: Number(dict.get("Width", "W")) || 0, height: Number(dict.get("Height", "H")) || 0 };
    }
    let exsImagePlacements = 0;
    function exsImageSeen(info) {
      if (info && exsImagePlacements++ < ${MAX_IMAGE_PLACEMENTS}) textContent.items.push({ ...info, transform: Array.from(stateManager.state.ctm) });
    }`,
  },
  {
    find: `            if (isValidName && emptyXObjectCache.getByName(name)) {
              break;
            }`,
    replace: `            if (isValidName && emptyXObjectCache.getByName(name)) {
              exsImageSeen(exsImagesByName.get(name));
              break;
            }`,
  },
  {
    find: `                if (emptyXObjectCache.getByRef(xobj)) {
                  resolveXObject();
                  return;
                }
                const globalImage = self.globalImageCache.getData(xobj, self.pageIndex);
                if (globalImage) {
                  resolveXObject();
                  return;
                }`,
    replace: `                if (emptyXObjectCache.getByRef(xobj)) {
                  exsImageSeen(exsImagesByRef.get(xobj.toString()));
                  resolveXObject();
                  return;
                }
                const globalImage = self.globalImageCache.getData(xobj, self.pageIndex);
                if (globalImage) {
                  const fetched = xref.fetch(xobj);
                  if (fetched instanceof BaseStream) exsImageSeen(exsImageInfo(fetched.dict));
                  resolveXObject();
                  return;
                }`,
  },
  {
    find: `              if (type.name !== "Form") {
                emptyXObjectCache.set(name, dict.objId, true);`,
    replace: `              if (type.name !== "Form") {
                if (type.name === "Image") {
                  const info = exsImageInfo(dict);
                  exsImagesByName.set(name, info);
                  if (info.ref) exsImagesByRef.set(info.ref, info);
                  exsImageSeen(info);
                }
                emptyXObjectCache.set(name, dict.objId, true);`,
  },
  {
    find: `          case OPS.beginMarkedContent:
            flushTextContentItem();`,
    replace: `          case OPS.endInlineImage:
            flushTextContentItem();
            if (args[0]?.dict instanceof Dict) exsImageSeen(exsImageInfo(args[0].dict));
            break;
          case OPS.beginMarkedContent:
            flushTextContentItem();`,
  },
];

/**
 * Main-thread (display) patches. With the worker in the same thread, every message still goes through
 * structuredClone, which cost ~10% of text extraction; a plain-data deep copy is several times faster and
 * falls back to structuredClone for anything else (transfers, class instances, Maps...). Objects the sender
 * marks with Symbol.for("exsSameThread") (text content chunks, which it never reuses) are passed as they are.
 */
const FAST_CLONE = `const EXS_SAME_THREAD = Symbol.for("exsSameThread");
function exsFastClone(v) {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = exsFastClone(v[i]);
    return out;
  }
  if (ArrayBuffer.isView(v)) return v.slice();
  if (v[EXS_SAME_THREAD] === true) return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out = proto === null ? Object.create(null) : {};
  for (const k in v) out[k] = exsFastClone(v[k]);
  return out;
}
`;

const DISPLAY_PATCHES: Patch[] = [
  {
    find: `    const event = {
      data: structuredClone(obj, transfer ? {
        transfer
      } : null)
    };`,
    replace: `    const event = {
      data: transfer ? structuredClone(obj, {
        transfer
      }) : exsFastClone(obj)
    };`,
  },
  {
    find: 'class LoopbackPort {',
    replace: `${FAST_CLONE}class LoopbackPort {`,
  },
  {
    // Rendering an embedded image's region for OCR wants the image's pixels, not the text layer (which is
    // read from the text content anyway): a canvas context flagged `exsSkipText` paints no text. With fonts
    // drawn as paths, glyph painting was most of the cost of such a render on a text-heavy page.
    find: '  showText(opIdx, glyphs) {\n',
    replace: '  showText(opIdx, glyphs) {\n    if (this.ctx.exsSkipText === true) {\n      return;\n    }\n',
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PdfJs = any;

let loading: Promise<PdfJs> | undefined;

function applyPatches(source: string, patches: Patch[], what: string): string {
  for (const patch of patches) {
    const first = source.indexOf(patch.find);
    if (first < 0 || source.indexOf(patch.find, first + 1) >= 0) {
      throw new Error(`${what}: patch does not apply exactly once: ${patch.find.slice(0, 60)}`);
    }
    source = source.replace(patch.find, () => patch.replace);
  }
  return source;
}

/** Writes (once) patched copies of pdf.js's display and worker modules; returns their paths. */
function patchedModules(): { display: string; worker: string } {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('pdfjs-dist/package.json');
  const version = JSON.parse(readFileSync(pkgPath, 'utf8')).version as string;
  const build = join(dirname(pkgPath), 'legacy', 'build');
  const displaySrc = join(build, 'pdf.mjs');
  const workerSrc = join(build, 'pdf.worker.mjs');
  const patchHash = createHash('sha256')
    .update(JSON.stringify([PATCHES, DISPLAY_PATCHES, build]))
    .digest('hex')
    .slice(0, 12);
  const dir = join(tmpdir(), 'exs-pdfjs');
  const display = join(dir, `pdf-${version}-${patchHash}.mjs`);
  const worker = join(dir, `pdf.worker-${version}-${patchHash}.mjs`);
  if (existsSync(display) && existsSync(worker)) return { display, worker };
  mkdirSync(dir, { recursive: true });
  const write = (target: string, text: string) => {
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, target);
  };
  write(worker, applyPatches(readFileSync(workerSrc, 'utf8'), PATCHES, `pdf.js ${version} worker`));
  // The display module resolves @napi-rs/canvas relative to itself: keep resolving from the original.
  let displayText = applyPatches(readFileSync(displaySrc, 'utf8'), DISPLAY_PATCHES, `pdf.js ${version}`);
  displayText = displayText.split('import.meta.url').join(JSON.stringify(pathToFileURL(displaySrc).href));
  write(display, displayText);
  return { display, worker };
}

/** Directories pdf.js loads data from (CMaps for CJK/CID fonts, standard fonts, JBIG2/JPX decoders). */
export function pdfJsDataPaths(): { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string } {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: join(root, 'cmaps') + '/',
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  };
}

/** pdf.js main-thread API, with the patched worker installed. Loaded once per process. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const { display, worker } = patchedModules();
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(pathToFileURL(worker).href);
    const pdfjs = await import(pathToFileURL(display).href);
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(worker).href;
    return pdfjs;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
