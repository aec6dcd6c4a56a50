import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SchemaEngine as SchemaEngineT } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export type SchemaEngine = SchemaEngineT;
type Bg = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

let loaded: Promise<Bg> | undefined;
const pendingTimers = new Set<NodeJS.Timeout>();
let activeWork = 0;

/** Brackets engine use; when no engine work is left anywhere in the process, the engine's stray timers are cleared. */
export async function engineWork<T>(fn: () => Promise<T>): Promise<T> {
  activeWork++;
  try {
    return await fn();
  } finally {
    if (--activeWork === 0) {
      for (const t of pendingTimers) clearTimeout(t);
      pendingTimers.clear();
    }
  }
}

interface WasmApi {
  instantiate(bytes: Uint8Array, imports: Record<string, unknown>): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

/**
 * Loads Prisma's schema engine (WASM build). The package's entry imports the .wasm as an ES module, which
 * needs Node's experimental WASM-ESM support and does not work under jest; so instantiate it by hand.
 */
export function loadSchemaEngine(): Promise<Bg> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as Bg;
    const bytes = readFileSync(path.join(pkgDir, 'schema_engine_bg.wasm'));
    // `WebAssembly` is a Node global; the workspace's TypeScript lib (ES2023, no DOM) does not declare it.
    const WA = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const imports: Record<string, unknown> = { ...bg };
    // The engine sets timers (e.g. a 10 s lock timeout) but imports no clearTimeout, so a finished operation
    // leaves them pending and keeps Node alive for ~10 s. Track them; endEngineWork() clears them once idle.
    for (const name of Object.keys(bg).filter((k) => k.startsWith('__wbg_setTimeout_'))) {
      imports[name] = (cb: () => void, ms: number) => {
        const t: NodeJS.Timeout = setTimeout(() => {
          pendingTimers.delete(t);
          cb();
        }, ms >>> 0);
        pendingTimers.add(t);
        return t;
      };
    }
    const { instance } = await WA.instantiate(bytes, { './schema_engine_bg.js': imports });
    (bg as unknown as { __wbg_set_wasm(exports: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return loaded;
}

export async function schemaEngineVersion(): Promise<string> {
  return (await loadSchemaEngine()).version();
}

export interface EngineLog {
  (message: string): void;
}

/** Creates a schema engine over `adapterFactory` with the given schema files ([path, content]). */
export async function newEngine(
  files: Array<[string, string]>,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: EngineLog = () => {},
): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadSchemaEngine();
  return SchemaEngine.new({ datamodels: files }, (msg: string) => log(msg), bindMigrationAwareSqlAdapterFactory(adapterFactory));
}
