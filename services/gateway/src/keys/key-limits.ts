/**
 * The largest daily page limit a key can carry: 10 million pages (USD 200,000 a day at the published
 * rate). A quota is a safety cap; anything above this is surely a typo, and it keeps the value well
 * inside the int32 the quota service takes.
 */
export const MAX_DAILY_PAGE_LIMIT = 10_000_000;

/** The longest key name. */
export const KEY_NAME_MAX = 100;
