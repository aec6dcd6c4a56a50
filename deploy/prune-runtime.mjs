#!/usr/bin/env node
// Trims a production install (`pnpm install --prod`) down to what the services run, in the image's build
// stage. pnpm links a package's resolved peers into its node_modules even with --prod, so the Prisma CLI
// (the optional peer of @prisma/client: Studio, its dev server, two PGlite copies, effect, React, ~250 MB)
// lands in a production install although nothing at run time imports it. This script:
//   1. walks the dependency graph from each kept workspace project's `dependencies`, through the links pnpm
//      made, without the edges in CUT (a package's dependency that is never loaded at run time), and deletes
//      every node_modules/.pnpm entry the walk did not reach (and the links to them);
//   2. deletes files of kept packages that the services never load (FILES: the Prisma query compilers of
//      other databases: the generated clients import only the PostgreSQL one).
// The image test (test/deploy/image.test.ts) then proves what is gone and that every service still starts.
//
//   node deploy/prune-runtime.mjs <app root> [--dry-run]        prints what it removes and the sizes
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** package name -> dependencies of it that are never loaded by the services or `entrypoint.sh migrate`. */
export const CUT = {
  // The CLI is an optional peer; the services use the generated client and the migration runner uses
  // @prisma/schema-engine-wasm (libs/prisma-migrate), never the CLI.
  '@prisma/client': ['prisma'],
  'pglite-prisma-adapter': ['prisma'],
  // PGlite is the shadow database for creating and checking migrations (development, CI); `deploy` applies
  // committed SQL to the real server and imports it lazily only when a diff needs it (migrate.ts).
  '@exs/prisma-migrate': ['@electric-sql/pglite', 'pglite-prisma-adapter'],
};

/** Files removed from kept packages: [package name, regexp over the path inside the package]. */
export const FILES = [
  // Prisma 7's client ships a query compiler (WASM, base64) per database and per size/edge variant; the
  // generated clients (prisma-client generator, provider postgresql) import query_compiler_fast_bg.postgresql.
  ['@prisma/client', /^runtime\/(query_compiler_(fast|small)_bg\.(sqlserver|cockroachdb|mysql|sqlite)\.|query_compiler_small_bg\.|wasm-compiler-edge\.)/],
  // The engine loads legacy/build/pdf.mjs and pdf.worker.mjs (libs/engine/src/document/pdfjs.ts) plus the
  // cmaps, standard_fonts, iccs and wasm folders; the modern build, the viewer, the minified and sandbox copies,
  // types and source maps are never read.
  ['pdfjs-dist', /^(build|web|image_decoders|types|legacy\/web|legacy\/image_decoders)\/|^legacy\/build\/(.*\.min\.mjs|pdf\.sandbox\..*|.*\.map|.*\.d\.mts)$/],
  // Node loads pdf-lib through its "main" (cjs/); the ES and UMD bundles, the TypeScript sources and typings are unused.
  ['pdf-lib', /^(dist|es|src|ts3\.4)\/|^yarn\.lock$/],
];

/**
 * Files no kept package loads at run time, removed from every one of them: source maps (Node reads a missing
 * map as none), TypeScript sources and declarations (Node never runs .ts from node_modules), and Markdown
 * documentation except licences and notices.
 */
export const EVERY_PACKAGE = /\.(map|ts|mts|cts)$|^(?!.*(licen[cs]e|notice|copying)[^/]*$).*\.md$/i;

/** Workspace projects kept in the image (the rest are deleted by the Dockerfile before this runs). */
function projects(root) {
  const out = [];
  for (const group of ['services', 'libs']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) if (existsSync(join(dir, name, 'package.json'))) out.push(join(dir, name));
  }
  return out;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function duBytes(path) {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return 0;
  if (!st.isDirectory()) return st.size;
  let sum = 0;
  for (const e of readdirSync(path)) sum += duBytes(join(path, e));
  return sum;
}

/** Names of the packages linked in a node_modules folder (scoped ones as @scope/name). */
function linkedNames(nodeModules) {
  if (!existsSync(nodeModules)) return [];
  const names = [];
  for (const e of readdirSync(nodeModules)) {
    if (e.startsWith('.')) continue;
    if (e.startsWith('@')) for (const s of readdirSync(join(nodeModules, e))) names.push(`${e}/${s}`);
    else names.push(e);
  }
  return names;
}

export function prune(root, { dryRun = false, log = console.error } = {}) {
  const store = join(root, 'node_modules/.pnpm');
  const storeEntryOf = (real) => {
    const rel = relative(store, real);
    return rel.startsWith('..') ? undefined : rel.split(sep)[0];
  };
  const reached = new Set(); // .pnpm entries
  const seen = new Set(); // real package dirs
  const queue = [];
  const visit = (pkgDir, depNames, fromNodeModules) => {
    const cut = new Set(CUT[readJson(join(pkgDir, 'package.json')).name] ?? []);
    for (const name of depNames) {
      // Type packages hold only .d.ts files, which nothing loads at run time.
      if (cut.has(name) || name.startsWith('@types/')) continue;
      const link = join(fromNodeModules, name);
      if (!existsSync(link)) continue; // an optional dependency not installed for this platform
      const real = realpathSync(link);
      if (!seen.has(real)) {
        seen.add(real);
        queue.push(real);
      }
    }
  };
  for (const dir of projects(root)) {
    const pkg = readJson(join(dir, 'package.json'));
    visit(dir, Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }), join(dir, 'node_modules'));
  }
  while (queue.length) {
    const real = queue.pop();
    const entry = storeEntryOf(real);
    if (!entry) continue; // a workspace project: already visited from its package.json
    reached.add(entry);
    // pnpm's layout: .pnpm/<entry>/node_modules/<name> is the package, its siblings are its dependencies.
    const name = readJson(join(real, 'package.json')).name;
    const nm = join(store, entry, 'node_modules');
    visit(real, linkedNames(nm).filter((n) => n !== name), nm);
  }

  let removed = 0;
  const gone = [];
  for (const entry of readdirSync(store)) {
    if (entry === 'node_modules' || entry.startsWith('.') || reached.has(entry)) continue;
    removed += duBytes(join(store, entry));
    gone.push(entry);
    if (!dryRun) rmSync(join(store, entry), { recursive: true, force: true });
  }
  // Links left pointing at removed entries (the CUT edges, pnpm's hidden hoisting folder .pnpm/node_modules).
  const dangling = [];
  const sweep = (nm) => {
    for (const name of linkedNames(nm)) {
      const link = join(nm, name);
      if (!lstatSync(link).isSymbolicLink()) continue;
      const target = join(dirname(link), readlinkSync(link));
      const entry = storeEntryOf(target);
      if (entry && gone.includes(entry)) {
        dangling.push(link);
        if (!dryRun) rmSync(link);
      }
    }
  };
  sweep(join(store, 'node_modules'));
  for (const entry of reached) sweep(join(store, entry, 'node_modules'));
  for (const dir of projects(root)) sweep(join(dir, 'node_modules'));
  sweep(join(root, 'node_modules'));

  let trimmed = 0;
  const sweepFiles = (dir, re) => {
    const walk = (sub) => {
      for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
        const rel = sub ? `${sub}/${e.name}` : e.name;
        if (e.isDirectory()) walk(rel);
        else if (e.isFile() && re.test(rel)) {
          trimmed += lstatSync(join(dir, rel)).size;
          if (!dryRun) rmSync(join(dir, rel));
        }
      }
    };
    walk('');
  };
  for (const entry of reached) {
    const nm = join(store, entry, 'node_modules');
    for (const name of linkedNames(nm)) {
      const dir = join(nm, name);
      if (!lstatSync(dir).isSymbolicLink()) sweepFiles(dir, EVERY_PACKAGE);
    }
    for (const [pkgName, re] of FILES) {
      const dir = join(store, entry, 'node_modules', pkgName);
      if (!existsSync(join(dir, 'package.json')) || readJson(join(dir, 'package.json')).name !== pkgName) continue;
      const walk = (sub) => {
        for (const e of readdirSync(join(dir, sub))) {
          const rel = sub ? `${sub}/${e}` : e;
          const full = join(dir, rel);
          if (statSync(full).isDirectory()) walk(rel);
          else if (re.test(rel)) {
            trimmed += lstatSync(full).size;
            if (!dryRun) rmSync(full);
          }
        }
      };
      walk('');
    }
  }
  const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
  log(`[prune-runtime] kept ${reached.size} packages; removed ${gone.length} (${mb(removed)}), ${dangling.length} links, and ${mb(trimmed)} of unused files`);
  for (const g of gone.sort()) log(`  - ${g}`);
  return { kept: [...reached], removed: gone, removedBytes: removed, trimmedBytes: trimmed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2];
  if (!root) {
    console.error('usage: prune-runtime.mjs <app root> [--dry-run]');
    process.exit(2);
  }
  prune(root, { dryRun: process.argv.includes('--dry-run') });
}
