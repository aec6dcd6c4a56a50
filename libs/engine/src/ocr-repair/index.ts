/**
 * OCR repair: type-aware reading of dates and amounts through character confusions, and receipt field
 * selection (merchant, address, date, total) on OCR'd receipts. Extraction calls `rankReceiptField` first
 * and falls back to its generic rankers when it returns undefined.
 */
export { confusionDistance, digitize, subCost } from './confusion.js';
export { fuzzyMonth, repairedAmounts, repairedDates, type RepairedAmount, type RepairedDate } from './readers.js';
export { looksLikeReceipt, rankReceiptField, receiptCues, receiptField, repairName } from './receipt.js';
export { OCR_REPAIR_DEFAULTS, ocrRepairSettings, type OcrRepairOptions } from './options.js';
