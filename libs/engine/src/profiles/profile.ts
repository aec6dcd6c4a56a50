/**
 * A document profile: knowledge of one type of document (receipts, contracts ...) that the generic path lacks.
 * A profile offers candidates for the fields it knows on documents of its type; the extractor decides on them
 * first, in their own calibration groups (`<profile>-<group>`), and on the generic path's candidates when it
 * keeps none of them (extract.ts leaf): a profile adds knowledge, it never replaces the generic path.
 */
import type { LeafNode } from '../schema/compile.js';
import type { DocContext } from '../extract/context.js';
import type { Scored } from '../extract/scored.js';
import type { OcrRepairOptions } from '../ocr-repair/index.js';

export interface ProfileOptions {
  /** Tuning of the receipt profile's use of alternative OCR readings (ocr-repair/options.ts). */
  ocrRepair?: OcrRepairOptions;
}

export interface DocumentProfile {
  readonly name: string;
  /** The field's candidates on this profile's scale, or undefined when the document is not of its type or the field not one it knows. */
  rank(ctx: DocContext, leaf: LeafNode, options: ProfileOptions): Scored[] | undefined;
}
