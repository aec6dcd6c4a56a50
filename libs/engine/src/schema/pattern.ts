/**
 * Caller patterns (JSON Schema `pattern`) run on RE2 (re2js, pure JavaScript), whose matching time is linear in
 * the input: JavaScript's backtracking RegExp takes hours on `^(a+)+$` against 40 characters of document text.
 * RE2 has no lookaround and no backreferences; a pattern using them is refused when the schema is compiled.
 */
import { RE2JS } from 're2js';

/** A compiled pattern in the shape ajv's `code.regExp` engine returns. */
class LinearPattern {
  private readonly re: RE2JS;

  constructor(readonly source: string, readonly flags: string) {
    this.re = compileLinear(source);
  }

  /** Whether the pattern matches anywhere in s (JSON Schema patterns are not anchored). */
  test(s: string): boolean {
    return this.re.test(s);
  }

  /** ajv keys its scope of compiled patterns by this string: it must differ between patterns. */
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * JavaScript's `\k<name>` (a named backreference) has no RE2 equivalent, and re2js's translation would read it
 * as the literal text "k<name>" instead of failing, so it is refused here.
 */
function hasNamedBackreference(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k' && source[i + 2] === '<') return true;
    i++; // the escaped character
  }
  return false;
}

// The compiler checks a leaf's pattern and then has ajv compile it: the last pattern compiled is kept for that.
let last: { source: string; re: RE2JS } | undefined;

/** RE2 for an ECMA-262 pattern; throws when RE2 cannot express it (lookaround, backreferences, ...). */
function compileLinear(source: string): RE2JS {
  if (last?.source === source) return last.re;
  if (hasNamedBackreference(source)) throw new SyntaxError('backreferences are not supported');
  const re = RE2JS.compile(RE2JS.translateRegExp(source));
  last = { source, re };
  return re;
}

/** Whether the linear-time engine can run this pattern. */
export function isLinearPattern(source: string): boolean {
  try {
    compileLinear(source);
    return true;
  } catch {
    return false;
  }
}

/** ajv's `code.regExp` option: `(source, flags) => { test(s) }`; `code` is what ajv's standalone code would call. */
export const linearRegExp = Object.assign((source: string, flags: string) => new LinearPattern(source, flags), {
  code: 'linearRegExp',
});
