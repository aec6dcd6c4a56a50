/**
 * What a synthetic document prints, as strings placed by a layout: the renderer only draws these, so every
 * printed value is decided (and recorded for the labels) before anything is drawn.
 */

export interface InvoiceLayout {
  /** Where the seller's block stands at the top. */
  seller: 'left' | 'right';
  /** Buyer under the seller side's blocks (a letter window), or seller and buyer side by side under headings. */
  parties: 'stacked' | 'side-by-side';
  /** Header fields: label and value in a column, "label: value" lines, label above value in a grid, or a table row. */
  header: 'column' | 'inline' | 'grid' | 'table';
  title: 'left' | 'right' | 'center';
  table: 'lines' | 'grid' | 'shaded' | 'plain';
  font: 'sans' | 'serif';
  size: number;
  margin: number;
  page: { width: number; height: number };
}

export interface LabelValue {
  label: string;
  value: string;
}

/** A party's block: its name and lines under an optional heading, or (keyed) key-value rows under the heading. */
export interface PartyBlock {
  name: string;
  lines: string[];
  heading?: string;
  /** Key-value rows instead of name and lines ("Name:" | "ACME Ltd"); a row with an empty key continues the one above. */
  keyed?: LabelValue[];
}

export interface InvoiceSheet {
  layout: InvoiceLayout;
  title: string;
  seller: PartyBlock;
  buyer: PartyBlock;
  /** A one-line return address above the buyer (German letter style). */
  senderLine?: string;
  header: LabelValue[];
  table: {
    heads: string[];
    align: ('left' | 'right')[];
    weights: number[];
    rows: { cells: string[]; detail?: string }[];
  };
  totals: (LabelValue & { strong?: boolean })[];
  notes: string[];
  footer: string[][];
}

export interface ReceiptLine {
  /** Evenly spaced columns (a tax table row), numbers right-aligned. */
  cols?: string[];
  left?: string;
  right?: string;
  center?: string;
  bold?: boolean;
  big?: boolean;
}

export interface ReceiptSheet {
  width: number;
  font: 'mono' | 'sans';
  size: number;
  lines: ReceiptLine[];
}
