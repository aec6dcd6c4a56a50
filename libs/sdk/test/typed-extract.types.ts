// Compile-time tests (run by `pnpm run typecheck`, not by Jest): typed extract calls written as a caller
// would, with the schema's types flowing into `data` and `fields`. `@ts-expect-error` lines must fail to
// compile, so a typing that went loose (`any`) breaks the type check.
import { Exs, type ExtractionResult, type FieldResult, type FinishedJob, type FromSchema } from '../src/index.js';

declare const exs: Exs;
declare const pdf: Uint8Array;

// 1. The caller writes the type.
interface Invoice {
  invoice_number: string | null;
  total: number | null;
  line_items: Array<{ description: string | null; amount: number | null }>;
}

export async function typedByCaller(): Promise<string | null> {
  const result: ExtractionResult<Invoice> = await exs.extract<Invoice>({
    schema: { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } },
    document: { bytes: pdf },
  });
  const total: number | null = result.data.total;
  const field: FieldResult<number> = result.fields['/total'];
  if (field.state === 'extracted') {
    const value: number = field.value;
    const page: number = field.grounding[0]!.page;
    const bbox: [number, number, number, number] = field.grounding[0]!.bbox;
    void [value, page, bbox, field.confidence];
  } else {
    const reason: 'not_found' | 'low_confidence' | 'invalid_value' = field.reason;
    void reason;
  }
  const cell = result.fields['/line_items/0/amount'];
  if (cell.state === 'extracted') {
    const amount: number = cell.value;
    void amount;
  }
  // @ts-expect-error a pointer the type does not have
  void result.fields['/subtotal'];
  // @ts-expect-error total is a number, not a string
  const wrong: string = result.data.total;
  // @ts-expect-error a missing field has no value
  void (field.state === 'missing' && field.value);
  void [total, wrong];
  return result.data.invoice_number;
}

// 2. The type is read from a literal schema.
export async function typedBySchema(): Promise<void> {
  const result = await exs.extract({
    schema: {
      type: 'object',
      properties: {
        vendor: { type: 'string' },
        paid: { type: 'boolean' },
        currency: { enum: ['EUR', 'USD'] },
        tags: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
    document: { upload_key: 'upl_x' },
  });
  const vendor: string | null = result.data.vendor;
  const paid: boolean | null = result.data.paid;
  const currency: 'EUR' | 'USD' | null = result.data.currency;
  const tags: string[] = result.data.tags;
  const city: string | null = result.data.address.city;
  const tagsField = result.fields['/tags'];
  if (tagsField.state === 'extracted') {
    const values: string[] = tagsField.value;
    void values;
  }
  const cityField: FieldResult<string> = result.fields['/address/city'];
  // @ts-expect-error not a property of the schema
  void result.data.total;
  // @ts-expect-error a boolean is not a string
  const wrong: string = result.data.paid;
  void [vendor, paid, currency, tags, city, cityField, wrong];
}

// 3. A schema loaded at run time: data is an open record, fields are keyed by any pointer.
export async function untyped(schema: Record<string, unknown>): Promise<void> {
  const result = await exs.extract({ schema, document: { bytes_base64: 'JVBERi0=' } });
  const anything: unknown = result.data['whatever'];
  const field: FieldResult<unknown> = result.fields['/whatever/0'];
  void [anything, field];
}

// 4. A job keeps the type from submission to its end.
export async function typedJob(): Promise<void> {
  const job = await exs.jobs.create<Invoice>({ schema: { type: 'object' }, document: { bytes: pdf } });
  const done: FinishedJob<Invoice> = await exs.waitForJob(job, { timeoutMs: 60_000 });
  if (done.state === 'succeeded') {
    const total: number | null = done.result.data.total;
    void total;
  } else {
    const code: string = done.error.code;
    void code;
  }
  // @ts-expect-error the document must be bytes, bytes_base64 or upload_key
  await exs.extract({ schema: { type: 'object' }, document: { path: 'invoice.pdf' } });
}

// 5. The schema reader's depth bound, at its edge: a leaf 9 properties deep is typed, one 10 deep reads as
// unknown (so a deep or recursive schema cannot make the compiler recurse without end).
type Nested<N extends number, Acc extends 0[] = []> = Acc['length'] extends N
  ? { readonly type: 'string' }
  : { readonly type: 'object'; readonly properties: { readonly a: Nested<N, [...Acc, 0]> } };
type Down<T, N extends number, Acc extends 0[] = []> = Acc['length'] extends N ? T : Down<T extends { a: infer X } ? X : never, N, [...Acc, 0]>;
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
export const nineDeepIsTyped: Equal<Down<FromSchema<Nested<9>>, 9>, string | null> = true;
export const tenDeepIsUnknown: Equal<Down<FromSchema<Nested<10>>, 10>, unknown> = true;
