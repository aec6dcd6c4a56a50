/**
 * Draws synthetic documents into PDFs with a real text layer, through the PDF backend of @napi-rs/canvas
 * (Skia), which the engine already ships. Fonts come from pdfjs-dist's bundled standard fonts (Liberation
 * Sans, Foxit Serif and Fixed), so the same sheet gives the same bytes on any machine.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts, PDFDocument, type CanvasRenderingContext2D } from '@napi-rs/canvas';
import type { InvoiceSheet, PartyBlock, ReceiptSheet } from './sheet.js';

const FAMILY = { sans: 'ExsSynthSans', serif: 'ExsSynthSerif', mono: 'ExsSynthMono' } as const;
let fontsReady = false;

function registerFonts(): void {
  if (fontsReady) return;
  const dir = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  const files: [string, string][] = [
    ['LiberationSans-Regular.ttf', FAMILY.sans], ['LiberationSans-Bold.ttf', FAMILY.sans],
    ['FoxitSerif.pfb', FAMILY.serif], ['FoxitSerifBold.pfb', FAMILY.serif],
    ['FoxitFixed.pfb', FAMILY.mono], ['FoxitFixedBold.pfb', FAMILY.mono],
  ];
  for (const [file, family] of files) if (!GlobalFonts.registerFromPath(join(dir, file), family)) throw new Error(`could not load font ${file}`);
  fontsReady = true;
}

type Align = 'left' | 'right' | 'center';

/** A page to write on: text in one font family, sizes in points, y the baseline from the top. */
class Pen {
  constructor(private readonly ctx: CanvasRenderingContext2D, private readonly family: string) {}

  font(size: number, bold = false): void {
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${this.family}`;
  }

  width(text: string, size: number, bold = false): number {
    this.font(size, bold);
    return this.ctx.measureText(text).width;
  }

  text(text: string, x: number, y: number, size: number, opts: { bold?: boolean; align?: Align; grey?: boolean } = {}): void {
    if (!text) return;
    this.font(size, opts.bold);
    this.ctx.fillStyle = opts.grey ? '#444444' : '#000000';
    this.ctx.textAlign = opts.align ?? 'left';
    this.ctx.fillText(text, x, y);
  }

  /** Text shrunk until it fits `max` points wide. */
  fitted(text: string, x: number, y: number, size: number, max: number, opts: { bold?: boolean; align?: Align; grey?: boolean } = {}): void {
    let s = size;
    while (s > 4 && this.width(text, s, opts.bold) > max) s -= 0.25;
    this.text(text, x, y, s, opts);
  }

  line(x0: number, y0: number, x1: number, y1: number, w = 0.6): void {
    this.ctx.strokeStyle = '#000000';
    this.ctx.lineWidth = w;
    this.ctx.beginPath();
    this.ctx.moveTo(x0, y0);
    this.ctx.lineTo(x1, y1);
    this.ctx.stroke();
  }

  box(x: number, y: number, w: number, h: number, fill?: string): void {
    if (fill) { this.ctx.fillStyle = fill; this.ctx.fillRect(x, y, w, h); return; }
    this.ctx.strokeStyle = '#000000';
    this.ctx.lineWidth = 0.5;
    this.ctx.strokeRect(x, y, w, h);
  }
}

function pdf(): PDFDocument {
  // fixed metadata: no creation date, so the bytes depend on the sheet only
  return new PDFDocument({ title: 'Document', creator: 'exs synth', producer: 'exs synth', compressionLevel: 6 });
}

/** A block of lines (name first, bold), its top at y; returns the y below it. */
function block(pen: Pen, x: number, y: number, size: number, party: PartyBlock, align: Align, nameSize = size * 1.15, maxW = Infinity): number {
  const { name, lines, heading, keyed } = party;
  let yy = y;
  if (heading) { pen.text(heading, x, yy + size, size * 0.95, { bold: true, align, grey: true }); yy += size * 1.6; }
  if (keyed) {
    // key-value rows: the keys in a column, the values in another (on the right side, the keys stay left of them)
    const keyW = Math.max(...keyed.map((r) => pen.width(r.label, size))) + size * 1.5;
    const valueW = Math.max(...keyed.map((r) => pen.width(r.value, size)));
    const kx = align === 'right' ? x - valueW - keyW : x;
    for (const r of keyed) {
      if (r.label) pen.text(r.label, kx, yy + size, size, { grey: true });
      pen.fitted(r.value, kx + keyW, yy + size, size, maxW - keyW, { bold: r.value === name });
      yy += size * 1.35;
    }
    return yy;
  }
  pen.text(name, x, yy + nameSize, nameSize, { bold: true, align });
  yy += nameSize * 1.35;
  for (const l of lines) { pen.text(l, x, yy + size, size, { align }); yy += size * 1.3; }
  return yy;
}

export function renderInvoice(sheet: InvoiceSheet): Buffer {
  registerFonts();
  const { layout } = sheet;
  const W = layout.page.width;
  const H = layout.page.height;
  const M = layout.margin;
  const s = layout.size;
  const doc = pdf();
  const pen = new Pen(doc.beginPage(W, H), FAMILY[layout.font]);
  const right = W - M;
  const titleSize = s * 2;

  // header fields, drawn by the style the layout picked; returns the y below them
  const headerBlock = (x0: number, x1: number, y: number, style: InvoiceSheet['layout']['header']): number => {
    const h = sheet.header;
    if (style === 'column' || style === 'inline') {
      const labelW = Math.max(...h.map((f) => pen.width(f.label, s, true)));
      let yy = y;
      for (const f of h) {
        if (style === 'inline') pen.text(`${f.label} ${f.value}`, x0, yy + s, s);
        else { pen.text(f.label, x0, yy + s, s, { bold: true }); pen.text(f.value, x0 + labelW + 12, yy + s, s); }
        yy += s * 1.45;
      }
      return yy;
    }
    const cw = (x1 - x0) / h.length;
    if (style === 'table') {
      const rh = s * 1.8;
      pen.box(x0, y, x1 - x0, rh, '#e6e6e6');
      h.forEach((f, i) => {
        pen.box(x0 + i * cw, y, cw, rh * 2);
        pen.fitted(f.label, x0 + i * cw + 4, y + rh * 0.68, s * 0.9, cw - 8, { bold: true });
        pen.fitted(f.value, x0 + i * cw + 4, y + rh * 1.68, s, cw - 8);
      });
      return y + rh * 2 + 4;
    }
    h.forEach((f, i) => {
      pen.fitted(f.label, x0 + i * cw, y + s * 0.9, s * 0.85, cw - 6, { grey: true });
      pen.fitted(f.value, x0 + i * cw, y + s * 2.3, s * 1.05, cw - 6, { bold: true });
    });
    return y + s * 3;
  };

  let y = M;
  const sellerNameSize = s * nameScale(sheet.seller.name);
  if (layout.parties === 'stacked') {
    // seller on one side at the top, title and (column) header fields on the other; buyer in the letter window
    const sellerLeft = layout.seller === 'left';
    const sx = sellerLeft ? M : right;
    const sellerBottom = block(pen, sx, y, s, sheet.seller, sellerLeft ? 'left' : 'right', sellerNameSize);
    const otherX = sellerLeft ? W / 2 + 30 : M;
    let otherBottom = y;
    if (sellerLeft) {
      pen.text(sheet.title, right, y + titleSize, titleSize, { bold: true, align: 'right' });
      otherBottom = y + titleSize * 1.8;
      if (layout.header === 'column' || layout.header === 'inline') otherBottom = headerBlock(otherX, right, otherBottom, layout.header);
    }
    // the buyer sits where an envelope window would show it, or under a tall seller block
    let by = Math.max(sellerBottom + s * 2, M + 95);
    if (sheet.senderLine) { pen.fitted(sheet.senderLine, M, by, s * 0.7, W / 2 - M, { grey: true }); pen.line(M, by + 2, M + Math.min(W / 2 - M, pen.width(sheet.senderLine, s * 0.7)), by + 2, 0.3); by += s * 0.9; }
    const buyerBottom = block(pen, M, by, s, sheet.buyer, 'left', s * 1.05);
    y = Math.max(buyerBottom, otherBottom) + s * 2;
    if (!sellerLeft) {
      pen.text(sheet.title, layout.title === 'right' ? right : M, y + titleSize, titleSize, { bold: true, align: layout.title === 'right' ? 'right' : 'left' });
      y += titleSize * 1.8;
      if (layout.header === 'column' || layout.header === 'inline') y = headerBlock(M, right, y, layout.header);
    }
    if (layout.header === 'grid' || layout.header === 'table') y = headerBlock(M, right, y, layout.header) + s;
  } else {
    // title first, then seller and buyer side by side under their headings, then the header fields
    const tx = layout.title === 'left' ? M : layout.title === 'right' ? right : W / 2;
    pen.text(sheet.title, tx, y + titleSize, titleSize, { bold: true, align: layout.title });
    y += titleSize * 2;
    const colW = (right - M) / 2;
    const [a, b] = layout.seller === 'left' ? [sheet.seller, sheet.buyer] : [sheet.buyer, sheet.seller];
    const aBottom = block(pen, M, y, s, a, 'left', s * 1.1, colW - 12);
    const bBottom = block(pen, M + colW + 10, y, s, b, 'left', s * 1.1, colW - 10);
    y = Math.max(aBottom, bBottom) + s * 1.5;
    y = headerBlock(M, layout.header === 'column' || layout.header === 'inline' ? M + colW : right, y, layout.header) + s;
  }

  // line items
  const t = sheet.table;
  const tw = right - M;
  const sumW = t.weights.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  let acc = M;
  for (const w of t.weights) { xs.push(acc); acc += (w / sumW) * tw; }
  xs.push(right);
  const cellX = (i: number) => (t.align[i] === 'right' ? xs[i + 1]! - 4 : xs[i]! + 4);
  const rh = s * 1.7;
  y += s;
  if (layout.table === 'shaded') pen.box(M, y, tw, rh, '#e0e0e0');
  if (layout.table === 'grid') pen.box(M, y, tw, rh);
  t.heads.forEach((h, i) => pen.fitted(h, cellX(i), y + rh * 0.68, s, xs[i + 1]! - xs[i]! - 6, { bold: true, align: t.align[i] }));
  y += rh;
  if (layout.table !== 'plain') pen.line(M, y, right, y, 0.8);
  const tableTop = y - rh;
  for (const row of t.rows) {
    row.cells.forEach((c, i) => pen.fitted(c, cellX(i), y + rh * 0.68, s, xs[i + 1]! - xs[i]! - 8, { align: t.align[i] }));
    y += rh;
    if (row.detail) {
      // the detail line sits under the description, the widest column
      const descCol = t.weights.indexOf(Math.max(...t.weights));
      pen.fitted(row.detail, xs[descCol]! + 4, y + s * 0.3, s * 0.8, xs[descCol + 1]! - xs[descCol]! - 8, { grey: true });
      y += s * 1.1;
    }
    if (layout.table === 'lines') pen.line(M, y, right, y, 0.3);
  }
  if (layout.table === 'grid') {
    pen.box(M, tableTop, tw, y - tableTop);
    for (let i = 1; i < t.heads.length; i++) pen.line(xs[i]!, tableTop, xs[i]!, y, 0.4);
  }
  if (layout.table === 'plain' || layout.table === 'shaded') pen.line(M, y, right, y, 0.6);

  // totals, bottom right
  y += s * 1.2;
  const tx0 = right - Math.max(190, ...sheet.totals.map((r) => pen.width(r.label, s, true) + pen.width(r.value, s, true) + 30));
  for (const r of sheet.totals) {
    if (r.strong) { pen.line(tx0, y, right, y, 0.8); y += 2; }
    pen.text(r.label, tx0, y + s * 1.1, s * (r.strong ? 1.1 : 1), { bold: r.strong });
    pen.text(r.value, right, y + s * 1.1, s * (r.strong ? 1.1 : 1), { bold: r.strong, align: 'right' });
    y += s * 1.6;
  }

  // notes under the totals, wrapped at word boundaries
  y += s * 1.5;
  const noteSize = s * 0.9;
  for (const note of sheet.notes) {
    for (const l of wrap(pen, note, noteSize, right - M)) { pen.text(l, M, y + noteSize, noteSize); y += noteSize * 1.35; }
    y += noteSize * 0.5;
  }

  // footer columns at the bottom of the page
  const fs = Math.min(7, s * 0.8);
  const rows = Math.max(0, ...sheet.footer.map((c) => c.length));
  const fy = H - M * 0.7 - rows * fs * 1.3;
  if (sheet.footer.length) pen.line(M, fy - fs, right, fy - fs, 0.3);
  const fw = (right - M) / Math.max(1, sheet.footer.length);
  sheet.footer.forEach((col, i) => col.forEach((l, j) => pen.fitted(l, M + i * fw, fy + j * fs * 1.3 + fs, fs, fw - 6, { grey: true })));

  doc.endPage();
  return doc.close();
}

/** The seller's name is set larger when it is short, as letterheads do. */
function nameScale(name: string): number {
  return name.length <= 24 ? 1.5 : name.length <= 36 ? 1.3 : 1.15;
}

function wrap(pen: Pen, text: string, size: number, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && pen.width(next, size) > max) { out.push(cur); cur = w; } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

export function renderReceipt(sheet: ReceiptSheet): Buffer {
  registerFonts();
  const s = sheet.size;
  const lh = s * 1.4;
  const M = 10;
  const height = Math.ceil(M * 2 + sheet.lines.reduce((a, l) => a + (l.big ? lh * 1.3 : lh), 0) + lh);
  const doc = pdf();
  const pen = new Pen(doc.beginPage(sheet.width, height), FAMILY[sheet.font]);
  const x1 = sheet.width - M;
  const avail = x1 - M;
  let y = M;
  for (const l of sheet.lines) {
    const size = l.big ? s * 1.25 : s;
    y += l.big ? lh * 1.3 : lh;
    if (l.cols) {
      const cw = avail / l.cols.length;
      l.cols.forEach((c, i) => pen.fitted(c, M + (i + 1) * cw - 2, y, size, cw - 4, { align: 'right' }));
      continue;
    }
    if (l.center) { pen.fitted(l.center, sheet.width / 2, y, size, avail, { bold: l.bold, align: 'center' }); continue; }
    const rw = l.right ? pen.width(l.right, size, l.bold) : 0;
    if (l.left) pen.fitted(l.left, M, y, size, avail - rw - 8, { bold: l.bold });
    if (l.right) pen.text(l.right, x1, y, size, { bold: l.bold, align: 'right' });
  }
  doc.endPage();
  return doc.close();
}
