/**
 * Dollars as people type them, to the integer micro-USD billing speaks. Only plain decimal amounts with at
 * most two decimals are read (no signs, exponents, thousands separators or currency symbols), so the form's
 * text can never become a different number than the one on the screen.
 */
const MICROS_PER_USD = 1_000_000n;
const MICROS_PER_CENT = 10_000n;
const USD_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** 'USD text' -> micro-USD, or null when it is not a plain amount. */
export function parseUsd(text: string): bigint | null {
  const m = USD_TEXT.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * MICROS_PER_USD + BigInt((m[2] ?? '').padEnd(2, '0')) * MICROS_PER_CENT;
}

/** The spec's top-up presets (USD 20, 100, 500) and its minimum (USD 5); the maximum is billing's (USD 10,000). */
export const TOP_UP_PRESETS_USD = [20, 100, 500] as const;
export const MIN_TOP_UP_MICROS = 5n * MICROS_PER_USD;
export const MAX_TOP_UP_MICROS = 10_000n * MICROS_PER_USD;
/** Caps are bounded so a typo cannot overflow anything; a recharge amount is at most USD 10,000 anyway. */
export const MAX_CAP_MICROS = 1_000_000n * MICROS_PER_USD;

export const TOP_UP_AMOUNT_ERROR = 'Enter an amount from USD 5 to USD 10,000, in dollars with at most two decimals (for example 25 or 12.50).';

/** A top-up amount: USD 5 to USD 10,000 in whole cents; null otherwise. */
export function topUpMicros(text: string): bigint | null {
  const micros = parseUsd(text);
  if (micros === null || micros < MIN_TOP_UP_MICROS || micros > MAX_TOP_UP_MICROS) return null;
  return micros;
}

export interface RechargeForm {
  enabled: boolean;
  triggerMicros: bigint;
  amountMicros: bigint;
  /** 0 = no cap (billing's wire value). */
  dailyCapMicros: bigint;
  weeklyCapMicros: bigint;
}

/**
 * Auto-recharge settings from the form's dollar fields, checked by billing's rules (docs/billing.md,
 * "Auto-recharge") so a person gets a precise message: the amount is a valid top-up, the trigger is from
 * USD 0 to USD 10,000, an optional cap allows at least one recharge, the weekly cap is not below the daily.
 */
export function rechargeForm(f: { enabled: boolean; trigger: string; amount: string; dailyCap: string; weeklyCap: string }): RechargeForm | { error: string } {
  const amountMicros = topUpMicros(f.amount);
  if (amountMicros === null) return { error: `Top-up amount: ${TOP_UP_AMOUNT_ERROR}` };
  const triggerMicros = parseUsd(f.trigger);
  if (triggerMicros === null || triggerMicros > MAX_TOP_UP_MICROS) return { error: 'Trigger balance: enter an amount from USD 0 to USD 10,000, in dollars with at most two decimals.' };
  const cap = (text: string): bigint | null => {
    if (text.trim() === '') return 0n;
    const micros = parseUsd(text);
    return micros === null || micros === 0n || micros > MAX_CAP_MICROS ? null : micros;
  };
  const dailyCapMicros = cap(f.dailyCap);
  const weeklyCapMicros = cap(f.weeklyCap);
  if (dailyCapMicros === null || weeklyCapMicros === null) return { error: 'Caps: enter an amount in dollars with at most two decimals, or leave the field empty for no cap.' };
  for (const c of [dailyCapMicros, weeklyCapMicros]) {
    if (c !== 0n && c < amountMicros) return { error: 'Caps: a cap must allow at least one recharge (at least the top-up amount).' };
  }
  if (dailyCapMicros !== 0n && weeklyCapMicros !== 0n && weeklyCapMicros < dailyCapMicros) return { error: 'Caps: the weekly cap must not be below the daily cap.' };
  return { enabled: f.enabled, triggerMicros, amountMicros, dailyCapMicros, weeklyCapMicros };
}
