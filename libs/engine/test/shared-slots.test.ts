import { Worker, getEnvironmentData } from 'node:worker_threads';
import { sharedSlots } from '../src/shared-slots.js';

let n = 0;
// Waiters a test leaves pending are aborted afterwards, or their wait would keep Jest running.
const giveUp = new AbortController();
afterAll(() => giveUp.abort());
const fresh = (size: number) => sharedSlots(`test-${process.pid}-${++n}`, size);
// Only for "still waiting": 50 ms is long enough to see a wrong grant and can never fail a right one. A grant
// that must come is awaited instead (a missing one fails by the test's timeout), so no machine is too slow.
const settled = async (p: Promise<unknown>) => {
  let done = false;
  p.then(() => { done = true; }, () => { done = true; });
  await new Promise((r) => setTimeout(r, 50));
  return done;
};

test('no more than `size` holders at once; a release lets the next waiter in', async () => {
  const slots = fresh(2);
  const a = await slots.acquire();
  await slots.acquire();
  const third = slots.acquire(giveUp.signal);
  expect(await settled(third)).toBe(false);
  a();
  await expect(third).resolves.toEqual(expect.any(Function));
});

test('releasing twice frees one slot, not two', async () => {
  const slots = fresh(1);
  const a = await slots.acquire();
  a();
  a();
  await slots.acquire();
  expect(await settled(slots.acquire(giveUp.signal))).toBe(false);
});

test('an aborted waiter rejects with the reason and takes no slot', async () => {
  const slots = fresh(1);
  const held = await slots.acquire();
  const controller = new AbortController();
  const waiter = slots.acquire(controller.signal);
  controller.abort(new Error('caller gave up'));
  await expect(waiter).rejects.toThrow('caller gave up');
  held();
  await expect(slots.acquire()).resolves.toEqual(expect.any(Function));
});

test('a lease its holder stopped refreshing (a dead thread) is taken over', async () => {
  const name = `test-${process.pid}-stale`;
  const slots = sharedSlots(name, 1);
  await slots.acquire();
  // Age the holder's lease by two minutes, as if its thread had died without releasing it.
  const cells = new Int32Array(getEnvironmentData(`exs.shared-slots.${name}`) as SharedArrayBuffer);
  Atomics.sub(cells, 1, 120);
  await expect(slots.acquire()).resolves.toEqual(expect.any(Function));
});

test('worker threads started afterwards share the slots of the thread that created them', async () => {
  const name = `test-${process.pid}-threads`;
  const slots = sharedSlots(name, 1);
  const release = await slots.acquire();
  // The worker reads the same buffer from environment data and waits on it as acquire() does.
  const worker = new Worker(`
    const { getEnvironmentData, parentPort } = require('node:worker_threads');
    const cells = new Int32Array(getEnvironmentData(${JSON.stringify(`exs.shared-slots.${name}`)}));
    const seen = Atomics.load(cells, 0); // read before reporting, so a release after the report wakes the wait
    parentPort.postMessage(Atomics.load(cells, 1) !== 0 ? 'busy' : 'free');
    const keepAlive = setTimeout(() => {}, 10000); // waitAsync alone does not keep the thread alive
    Promise.resolve(Atomics.waitAsync(cells, 0, seen, 10000).value).then(() => {
      clearTimeout(keepAlive);
      parentPort.postMessage(Atomics.load(cells, 1) === 0 ? 'released' : 'still held');
    });
  `, { eval: true });
  try {
    const messages: string[] = [];
    let wake = () => undefined as void;
    worker.on('message', (m: string) => { messages.push(m); wake(); });
    worker.on('error', (err) => { messages.push(`error: ${err.message}`); wake(); });
    const got = (count: number) => new Promise<void>((resolve) => {
      wake = () => (messages.length >= count ? resolve() : undefined);
      wake();
    });
    await got(1);
    expect(messages[0]).toBe('busy');
    release();
    await got(2);
    expect(messages).toEqual(['busy', 'released']);
  } finally {
    await worker.terminate();
  }
});
