// The stand-in engine worker (engine-stub-worker.mjs) with a slow start: its module takes STUB_LOAD_MS to
// load, as the real worker's warm-up does (pdf.js, schema compiler, calibrator: seconds on a busy machine).
await new Promise((resolve) => setTimeout(resolve, Number(process.env.STUB_LOAD_MS ?? 0)));

export { default } from './engine-stub-worker.mjs';
