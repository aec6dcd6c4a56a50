import { creditFor, creditShare, debitFor, InvalidAmountError, pagesFor, parseMicros, validateChargeAmount, validateRechargeSettings } from '../../src/payments/amounts.js';

const USD = 1_000_000n;

test('a charge is whole cents from USD 5 to USD 10,000, presets included', () => {
  for (const ok of [5n * USD, 20n * USD, 100n * USD, 500n * USD, 5_010_000n, 10_000n * USD]) expect(validateChargeAmount(ok)).toBe(ok);
  for (const bad of [4_990_000n, 0n, -20n * USD, 5_000_001n, 10_000n * USD + 10_000n]) expect(() => validateChargeAmount(bad)).toThrow(InvalidAmountError);
});

test('an amount on the wire is a plain integer, nothing else', () => {
  expect(parseMicros('20000000')).toBe(20n * USD);
  for (const bad of ['', '1e7', '20.5', ' 1', '0x10', '1'.repeat(20)]) expect(() => parseMicros(bad)).toThrow(InvalidAmountError);
});

test('the credit is what was paid minus its tax, and the page equivalent is whole pages at USD 0.02', () => {
  expect(creditFor(20n * USD, 3_330_000n)).toBe(16_670_000n);
  expect(pagesFor(16_670_000n)).toBe(833n);
  expect(creditFor(20n * USD, 0n)).toBe(20n * USD);
  expect(pagesFor(20n * USD)).toBe(1000n);
  expect(creditFor(1n, 5n)).toBe(0n);
});

test('a refund takes back its share of the credit, rounded down, never more than the credit', () => {
  expect(creditShare(16_670_000n, 20n * USD, 10n * USD)).toBe(8_335_000n);
  expect(creditShare(16_670_000n, 20n * USD, 30n * USD)).toBe(16_670_000n);
  expect(creditShare(10n, 3n, 1n)).toBe(3n); // 10/3 rounded down
  expect(creditShare(10n * USD, 10n * USD, 0n)).toBe(0n);
});

test('a debit never exceeds the unspent balance; the rest is a shortfall', () => {
  expect(debitFor(20n, 50n)).toEqual({ debit: 20n, shortfall: 0n });
  expect(debitFor(20n, 4n)).toEqual({ debit: 4n, shortfall: 16n });
  expect(debitFor(20n, 0n)).toEqual({ debit: 0n, shortfall: 20n });
  expect(debitFor(20n, -3n)).toEqual({ debit: 0n, shortfall: 20n });
});

test('auto-recharge settings: a valid amount, a trigger in range, caps that allow one recharge, weekly not below daily', () => {
  const ok = { triggerMicros: 5n * USD, amountMicros: 20n * USD, dailyCapMicros: 20n * USD, weeklyCapMicros: 100n * USD };
  expect(validateRechargeSettings(ok)).toEqual(ok);
  expect(validateRechargeSettings({ ...ok, dailyCapMicros: null, weeklyCapMicros: null })).toBeTruthy();
  expect(validateRechargeSettings({ ...ok, triggerMicros: 0n })).toBeTruthy();
  for (const bad of [
    { ...ok, amountMicros: 4n * USD },
    { ...ok, triggerMicros: -1n },
    { ...ok, triggerMicros: 5_000_001n },
    { ...ok, dailyCapMicros: 19n * USD },
    { ...ok, weeklyCapMicros: 10n * USD, dailyCapMicros: null },
    { ...ok, dailyCapMicros: 50n * USD, weeklyCapMicros: 40n * USD },
  ]) expect(() => validateRechargeSettings(bad)).toThrow(InvalidAmountError);
});
