import { PRICE_PER_PAGE_MICROS } from '../pricing.js';

/**
 * Money rules of payments, pure. Wallet amounts are micro-USD; processors speak cents (USD's minor unit).
 */

export const MICROS_PER_CENT = 10_000n;
export const MICROS_PER_USD = 1_000_000n;

/** The spec's top-up presets: USD 20, 100 and 500. */
export const TOP_UP_PRESETS_MICROS = [20n, 100n, 500n].map((usd) => usd * MICROS_PER_USD);
/** Any top-up from USD 5 (the spec). */
export const MIN_TOP_UP_MICROS = 5n * MICROS_PER_USD;
/** Ours: a bound so a typo cannot charge a card thousands; larger amounts go through support. */
export const MAX_TOP_UP_MICROS = 10_000n * MICROS_PER_USD;

export class InvalidAmountError extends RangeError {}

/**
 * A top-up or recharge amount: whole cents, from USD 5 to USD 10,000. Throws InvalidAmountError with
 * a static message otherwise.
 */
export function validateChargeAmount(micros: bigint): bigint {
  if (micros % MICROS_PER_CENT !== 0n) throw new InvalidAmountError('amount must be whole cents');
  if (micros < MIN_TOP_UP_MICROS) throw new InvalidAmountError('amount must be at least USD 5');
  if (micros > MAX_TOP_UP_MICROS) throw new InvalidAmountError('amount must be at most USD 10000');
  return micros;
}

/** Parses an int64-as-string amount from a request; anything but a plain integer is invalid. */
export function parseMicros(text: string | undefined): bigint {
  if (!text || !/^-?\d{1,19}$/.test(text)) throw new InvalidAmountError('amount must be an integer number of micro-USD');
  return BigInt(text);
}

export const centsToMicros = (cents: number | bigint): bigint => BigInt(cents) * MICROS_PER_CENT;

export function microsToCents(micros: bigint): number {
  if (micros % MICROS_PER_CENT !== 0n) throw new InvalidAmountError('amount must be whole cents');
  return Number(micros / MICROS_PER_CENT);
}

/** Whole pages an amount buys at the published price (the receipt's page equivalent). */
export const pagesFor = (micros: bigint): bigint => (micros > 0n ? micros / PRICE_PER_PAGE_MICROS : 0n);

/**
 * What a payment credits: what was paid minus the tax the processor reports in it. With tax-inclusive
 * prices the tax is inside the paid amount; with tax added on top it is too (paid = price + tax), so
 * one rule covers both: the wallet gets the price net of tax, never the tax.
 */
export function creditFor(paidMicros: bigint, taxMicros: bigint): bigint {
  if (paidMicros < 0n || taxMicros < 0n) throw new InvalidAmountError('amounts must not be negative');
  const credited = paidMicros - taxMicros;
  return credited > 0n ? credited : 0n;
}

/**
 * The part of a payment's credit that a refund (or dispute) of `reversedPaidMicros` of it takes back, in
 * proportion: refunding the whole payment takes back the whole credit, half of it half. Rounded down,
 * so rounding never takes more than was credited.
 */
export function creditShare(creditedMicros: bigint, paidMicros: bigint, reversedPaidMicros: bigint): bigint {
  if (paidMicros <= 0n || reversedPaidMicros <= 0n) return 0n;
  const reversed = reversedPaidMicros > paidMicros ? paidMicros : reversedPaidMicros;
  return (creditedMicros * reversed) / paidMicros;
}

/**
 * What a refund or dispute actually debits from the wallet: the credit it reverses, but never more than
 * what is still unspent (the available balance), so the balance never goes negative. The rest is a
 * shortfall, recorded and not collected.
 */
export function debitFor(wanted: bigint, availableMicros: bigint): { debit: bigint; shortfall: bigint } {
  const room = availableMicros > 0n ? availableMicros : 0n;
  const debit = wanted <= 0n ? 0n : wanted < room ? wanted : room;
  return { debit, shortfall: (wanted > 0n ? wanted : 0n) - debit };
}

/** Auto-recharge settings as entered; null caps mean none. */
export interface RechargeSettingsInput {
  triggerMicros: bigint;
  amountMicros: bigint;
  dailyCapMicros: bigint | null;
  weeklyCapMicros: bigint | null;
}

/**
 * Checks auto-recharge settings: the amount is a valid charge; the trigger is from 0 to USD 10,000;
 * a cap, when set, allows at least one recharge (>= amount) and the weekly cap is not below the daily one.
 */
export function validateRechargeSettings(s: RechargeSettingsInput): RechargeSettingsInput {
  validateChargeAmount(s.amountMicros);
  if (s.triggerMicros < 0n || s.triggerMicros > MAX_TOP_UP_MICROS) throw new InvalidAmountError('trigger balance must be from USD 0 to USD 10000');
  if (s.triggerMicros % MICROS_PER_CENT !== 0n) throw new InvalidAmountError('trigger balance must be whole cents');
  for (const cap of [s.dailyCapMicros, s.weeklyCapMicros]) {
    if (cap !== null && cap < s.amountMicros) throw new InvalidAmountError('a cap must allow at least one recharge');
  }
  if (s.dailyCapMicros !== null && s.weeklyCapMicros !== null && s.weeklyCapMicros < s.dailyCapMicros) {
    throw new InvalidAmountError('the weekly cap must not be below the daily cap');
  }
  return s;
}
