/** The published rate: USD 0.02 per page, in micro-USD. Scanned and digital pages cost the same. */
export const PRICE_PER_PAGE_MICROS = 20_000n;
export const CURRENCY = 'USD';

export const pagesCost = (pages: number): bigint => BigInt(pages) * PRICE_PER_PAGE_MICROS;
