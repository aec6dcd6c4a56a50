/**
 * Types computed from the caller's schema, so a typed extract call is checked by `tsc`:
 * - `FromSchema<S>`: the `data` a `const` JSON Schema produces (every leaf present, `null` when missing,
 *   `[]` for a missing array), for callers who do not write the type themselves.
 * - `FieldMap<T>`: the `fields` map of a result, keyed by the JSON Pointers the service uses for `T`,
 *   each entry typed by the value at its pointer.
 * Both stop at a fixed depth (a schema nested deeper reads as `unknown` there) so the compiler never
 * recurses without bound.
 */
import type { FieldResult } from './types.js';

type Deeper<D extends 0[]> = [...D, 0];
type MaxDepth = 10;

/** The `data` of a `const` JSON Schema; `unknown` where the schema says nothing the compiler can read. */
export type FromSchema<S, D extends 0[] = []> = D['length'] extends MaxDepth
  ? unknown
  : S extends { readonly const: infer C }
    ? C | null
    : S extends { readonly enum: readonly (infer E)[] }
      ? E | null
      : S extends { readonly type: infer Ty }
        ? FromType<S, Ty, D>
        : S extends { readonly properties: object }
          ? ObjectData<S, D>
          : unknown;

type FromType<S, Ty, D extends 0[]> = Ty extends readonly (infer U)[] ? FromTypeName<S, U, D> : FromTypeName<S, Ty, D>;

// Distributes over a union of type names; a widened `string` (a schema not declared `as const`) reads as unknown.
type FromTypeName<S, Ty, D extends 0[]> = string extends Ty
  ? unknown
  : Ty extends 'string'
    ? string | null
    : Ty extends 'number' | 'integer'
      ? number | null
      : Ty extends 'boolean'
        ? boolean | null
        : Ty extends 'null'
          ? null
          : Ty extends 'array'
            ? S extends { readonly items: infer I } ? Exclude<FromSchema<I, Deeper<D>>, null>[] : unknown[]
            : Ty extends 'object'
              ? ObjectData<S, D>
              : unknown;

type ObjectData<S, D extends 0[]> = S extends { readonly properties: infer P }
  ? { -readonly [K in keyof P]: FromSchema<P[K], Deeper<D>> }
  : Record<string, unknown>;

/** A property name as a JSON Pointer reference token (RFC 6901: `~` is `~0`, `/` is `~1`). */
type EscapeTilde<K extends string> = K extends `${infer A}~${infer B}` ? `${A}~0${EscapeTilde<B>}` : K;
type EscapeSlash<K extends string> = K extends `${infer A}/${infer B}` ? `${A}~1${EscapeSlash<B>}` : K;
type Token<K extends string> = EscapeSlash<EscapeTilde<K>>;

/**
 * `[pointer, value]` for every entry the service may send for data of type `T` at pointer `P`:
 * a scalar or an array of scalars is one entry; an array of objects (a table) has an entry per cell
 * (`/line_items/0/amount`) and one for the array itself when it is missing.
 */
type Entries<T, P extends string, D extends 0[]> = D['length'] extends MaxDepth
  ? [P | `${P}/${string}`, unknown]
  : unknown extends T
    ? [P, unknown]
    : [NonNullable<T>] extends [readonly (infer E)[]]
      ? [NonNullable<E>] extends [readonly unknown[]]
        ? [P, NonNullable<T>]
        : [NonNullable<E>] extends [object]
          ? [P, NonNullable<T>] | ObjectEntries<NonNullable<E>, `${P}/${number}`, D>
          : [P, NonNullable<T>]
      : [NonNullable<T>] extends [object]
        ? ObjectEntries<NonNullable<T>, P, D>
        : [P, NonNullable<T>];

type ObjectEntries<O, P extends string, D extends 0[]> = {
  [K in keyof O & string]-?: Entries<O[K], `${P}/${Token<K>}`, Deeper<D>>;
}[keyof O & string];

/** The `fields` of a result for data of type `T`, keyed by JSON Pointer. */
export type FieldMap<T> = {
  [E in Entries<T, '', []> as E extends [infer K extends string, unknown] ? K : never]: FieldResult<E extends [string, infer V] ? V : never>;
};
