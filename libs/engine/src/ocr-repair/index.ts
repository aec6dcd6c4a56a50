/**
 * OCR repair: type-aware reading of dates and amounts through character confusions, IBANs through their
 * registered layout and check digits, and receipt field selection (merchant, address, date, total) on OCR'd
 * receipts, which the receipt profile offers ahead of the generic rankers (profiles/receipt.ts).
 */
export { confusionDistance, digitize, subCost } from './confusion.js';
export { fuzzyMonth, repairedAmounts, repairedDates, type RepairedAmount, type RepairedDate } from './readers.js';
export { looksLikeReceipt, rankReceiptField, receiptCues, receiptField, repairName } from './receipt.js';
export { ibanLayout, repairIban } from './iban.js';
export { OCR_REPAIR_DEFAULTS, ocrRepairSettings, type OcrRepairOptions } from './options.js';
