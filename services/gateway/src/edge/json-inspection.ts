/**
 * Cheap looks at caller JSON, all iterative (a recursive walk is what a hostile nesting depth overflows).
 * Depth counts containers: `1` and `"a"` are 0 deep, `{}` and `[]` 1, `{"a":[1]}` 2.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Index of the quote closing the string that opens at `start`: the next quote not escaped by an odd run of backslashes. */
function endOfString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * Whether JSON text nests deeper than `maxDepth`, read from the text before it is parsed: parsing a body
 * of millions of nested arrays holds the event loop for a second or more (4 M levels: 0.7-1.7 s here),
 * while this stops at the first level too many. Strings are skipped with indexOf (a 28 MB body of inline
 * base64 is scanned in under 1 ms; ~4 ms per MB of numbers and brackets). Text that is not JSON gives a
 * meaningless answer, and the parser refuses it next anyway.
 */
export function jsonTextExceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = endOfString(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

export type JsonFinding = 'too_deep' | 'nul';

/**
 * The first problem of a parsed JSON value (or a query/params object): nesting deeper than `maxDepth`, or a
 * NUL character (U+0000) in a string or a key, which PostgreSQL cannot store in text. Undefined when clean.
 */
export function inspectJsonValue(value: unknown, maxDepth: number): JsonFinding | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return 'nul';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > maxDepth) return 'too_deep';
    if (Array.isArray(item)) {
      for (const element of item) stack.push([element, depth + 1]);
      continue;
    }
    for (const [key, member] of Object.entries(item)) {
      if (key.includes('\0')) return 'nul';
      stack.push([member, depth + 1]);
    }
  }
  return undefined;
}
