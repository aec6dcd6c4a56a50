import { parseUsd, rechargeForm, topUpMicros } from '../src/payments/money.js';

const usd = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

test('dollar amounts as typed become micro-USD; anything but a plain amount with two decimals is refused', () => {
  expect(parseUsd('5')).toBe(5_000_000n);
  expect(parseUsd(' 12.5 ')).toBe(12_500_000n);
  expect(parseUsd('0.01')).toBe(10_000n);
  for (const bad of ['', '.5', '5.', '5.001', '-5', '+5', '1e3', '5,00', '$5', '0x10', '1 000', 'Infinity', 'NaN', '5.5.5']) expect([bad, parseUsd(bad)]).toEqual([bad, null]);
});

test('a top-up is any amount from USD 5 to USD 10,000: 4.99 is refused, 5 and the presets are taken', () => {
  expect(topUpMicros('4.99')).toBeNull();
  expect(topUpMicros('5')).toBe(usd(5));
  expect(topUpMicros('5.00')).toBe(usd(5));
  for (const preset of ['20', '100', '500']) expect(topUpMicros(preset)).toBe(usd(Number(preset)));
  expect(topUpMicros('10000')).toBe(usd(10_000));
  expect(topUpMicros('10000.01')).toBeNull();
});

const form = (over: Partial<{ enabled: boolean; trigger: string; amount: string; dailyCap: string; weeklyCap: string }> = {}) =>
  rechargeForm({ enabled: true, trigger: '5', amount: '20', dailyCap: '', weeklyCap: '', ...over });

test('auto-recharge settings: dollars to micros, empty caps are none (0)', () => {
  expect(form()).toEqual({ enabled: true, triggerMicros: usd(5), amountMicros: usd(20), dailyCapMicros: 0n, weeklyCapMicros: 0n });
  expect(form({ dailyCap: '40', weeklyCap: '100.50', trigger: '0' })).toEqual({ enabled: true, triggerMicros: 0n, amountMicros: usd(20), dailyCapMicros: usd(40), weeklyCapMicros: usd(100.5) });
});

test('auto-recharge settings follow billing\'s rules: a valid amount, a trigger up to USD 10,000, caps that allow one recharge, weekly not below daily', () => {
  expect(form({ amount: '4.99' })).toHaveProperty('error');
  expect(form({ trigger: '10000.01' })).toHaveProperty('error');
  expect(form({ trigger: '' })).toHaveProperty('error');
  expect(form({ dailyCap: '19.99' })).toHaveProperty('error');
  expect(form({ dailyCap: '20' })).not.toHaveProperty('error');
  expect(form({ weeklyCap: '0' })).toHaveProperty('error');
  expect(form({ dailyCap: '60', weeklyCap: '40' })).toHaveProperty('error');
  expect(form({ dailyCap: '60', weeklyCap: '60' })).not.toHaveProperty('error');
});
