import { MAX_ATTEMPTS, RETRY_SCHEDULE_MS, isDelivered, nextAttemptDelayMs } from '../src/delivery/schedule.js';

const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('retry schedule', () => {
  it('follows the Standard Webhooks schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(RETRY_SCHEDULE_MS).toEqual([0, 5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('gives the delay before the next attempt after each failed one', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nextAttemptDelayMs)).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
  });

  it('gives up after the eighth attempt', () => {
    expect(nextAttemptDelayMs(8)).toBeNull();
  });

  it('rejects an attempt count below one', () => {
    expect(() => nextAttemptDelayMs(0)).toThrow(RangeError);
  });

  it('counts only 2xx responses as delivered', () => {
    expect([200, 202, 204, 299].every(isDelivered)).toBe(true);
    expect([null, 100, 301, 302, 400, 410, 429, 500, 503].some(isDelivered)).toBe(false);
  });
});
