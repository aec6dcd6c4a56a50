/** Page size bounds of every list (Stripe's): `limit` 1..100, 10 when absent. */
export const LIST_LIMIT = { min: 1, max: 100, default: 10 } as const;
