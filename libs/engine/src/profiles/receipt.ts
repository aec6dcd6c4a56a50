/**
 * The receipt profile: on an OCR'd till receipt, merchant name, merchant address, date and total are read from
 * the receipt's own layout and through OCR confusions (ocr-repair/receipt.ts).
 */
import { rankReceiptField } from '../ocr-repair/index.js';
import type { DocumentProfile } from './profile.js';

export const receiptProfile: DocumentProfile = {
  name: 'receipt',
  // (a boolean field is never one of a receipt's printed values)
  rank: (ctx, leaf, options) => (leaf.semantic === 'boolean' ? undefined : rankReceiptField(ctx, leaf, options.ocrRepair)),
};
