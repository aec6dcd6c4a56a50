// A stand-in for the engine worker (EnginePoolOptions.workerFile) for the deadline and readiness tests.
// The caller picks the behaviour with the schema text (schema and extract tasks) or the document's bytes
// (inspect tasks): 'hang' never settles ('hang-extract' only when extracting), 'spin' loops on the CPU
// (as a catastrophic regex does),
// 'nest:<levels>' answers with an object nested that deep (more than the main thread can deserialize, so
// the reply never arrives), anything else answers at once.
import { threadId } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();

function behaviour(task) {
  if (task.kind === 'schema') return task.schemaJson;
  if (task.kind === 'extract') return typeof task.schema === 'string' ? task.schema : '';
  if (task.kind === 'inspect') return new TextDecoder().decode(task.bytes);
  return '';
}

const ANSWERS = {
  ping: () => ({}),
  schema: () => ({ leafCount: 1 }),
  inspect: () => ({ format: 'pdf', pageCount: 1 }),
  extract: () => ({ data: {}, fields: {}, document: { pages: 1, words: 0, ocr_pages: 0 } }),
};

export default async function run(task) {
  const startMs = now();
  const how = behaviour(task);
  if (how === 'hang' || (how === 'hang-extract' && task.kind === 'extract')) return new Promise(() => {});
  if (how === 'spin') for (;;);
  let value = ANSWERS[task.kind]();
  if (how.startsWith('nest:')) {
    for (let i = Number(how.slice(5)); i > 0; i--) value = { a: value };
  }
  return { ok: true, value, timing: { startMs, endMs: now(), threadId } };
}
