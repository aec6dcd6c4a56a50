/**
 * Table detection for arrays of objects (line items): find a header line whose words match the item
 * properties' labels, derive column x-ranges from it, then read rows below until a totals line or a gap.
 */
import type { ObjectNode } from '../schema/compile.js';
import { nameWords } from '../schema/semantic.js';
import { parseAmount } from '../normalize/numbers.js';
import type { DocContext, Span } from './context.js';

export interface Cell { value: unknown; spans: Span[]; score: number }

const COLUMN_SYNONYMS: [RegExp, string[]][] = [
  [/\b(name|description|desc|item|product|service|article|designation)\b/, ['description', 'item', 'product', 'service', 'article', 'omschrijving', 'beschreibung', 'bezeichnung', 'désignation', 'details', 'name', 'artikel']],
  [/\b(quantity|qty|count|units)\b/, ['quantity', 'qty', 'menge', 'aantal', 'quantité', 'anzahl', 'units', 'qté']],
  [/\b(unit price|price unit|price|rate)\b/, ['unit price', 'price', 'rate', 'preis', 'prijs', 'prix', 'einzelpreis', 'stückpreis', 'unit cost']],
  [/\b(amount|total|line total|net)\b/, ['amount', 'total', 'betrag', 'bedrag', 'montant', 'gesamt', 'line total', 'ext']],
  [/\b(code|sku|article number|item number)\b/, ['code', 'sku', 'item no', 'art', 'article']],
];

function phrasesFor(name: string, title?: string): string[] {
  const w = nameWords(name).join(' ');
  const out = new Set<string>([w, ...(title ? [title.toLowerCase()] : [])]);
  for (const [re, syn] of COLUMN_SYNONYMS) if (re.test(w)) syn.forEach((s) => out.add(s));
  return [...out];
}

export function extractTable(ctx: DocContext, item: ObjectNode): Record<string, Cell>[] {
  const props = item.properties.filter((p) => p.node.kind === 'leaf');
  if (!props.length) return [];
  const colPhrases = props.map((p) => ({ name: p.name, phrases: phrasesFor(p.name, p.node.title), numeric: p.node.kind === 'leaf' && (p.node.types.includes('number') || p.node.types.includes('integer')) }));
  const rows: Record<string, Cell>[] = [];
  for (let p = 0; p < ctx.pages.length && p < 10; p++) {
    const page = ctx.pages[p];
    for (let li = 0; li < page.lines.length; li++) {
      const line = page.lines[li];
      const words = page.words.slice(line.wordStart, line.wordEnd);
      const lower = page.text.slice(line.start, line.end).toLowerCase();
      // header: at least two columns matched on this line
      const cols: { name: string; x: number; numeric: boolean }[] = [];
      for (const c of colPhrases) {
        for (const ph of c.phrases) {
          const i = lower.search(new RegExp(`(?<![a-z])${ph.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`));
          if (i < 0) continue;
          const w = words.find((w) => w.start - line.start >= i - 1);
          if (w && !cols.some((x) => x.name === c.name)) cols.push({ name: c.name, x: (w.bbox[0] + w.bbox[2]) / 2, numeric: c.numeric });
          break;
        }
      }
      if (cols.length < Math.min(2, props.length)) continue;
      cols.sort((a, b) => a.x - b.x);
      // read rows
      for (let r = li + 1; r < page.lines.length && r < li + 60; r++) {
        const rl = page.lines[r];
        const t = page.text.slice(rl.start, rl.end);
        if (/\b(sub-?total|total|summe|totaal|tax|vat|mwst|btw)\b/i.test(t)) return rows;
        const rw = page.words.slice(rl.wordStart, rl.wordEnd);
        if (!rw.length) continue;
        const row: Record<string, Cell> = {};
        const assign = new Map<string, typeof rw>();
        for (const w of rw) {
          const cx = (w.bbox[0] + w.bbox[2]) / 2;
          let best = cols[0];
          for (const c of cols) if (Math.abs(c.x - cx) < Math.abs(best.x - cx)) best = c;
          // text columns absorb words to their right until the next column's zone
          if (!assign.has(best.name)) assign.set(best.name, []);
          assign.get(best.name)!.push(w);
        }
        for (const c of cols) {
          const ws = assign.get(c.name);
          if (!ws?.length) continue;
          const start = ws[0].start;
          const end = ws[ws.length - 1].end;
          const text = page.text.slice(start, end);
          const value = c.numeric ? parseAmount(text, ctx.decimalHint) : text;
          if (value === undefined) continue;
          row[c.name] = { value, spans: [{ p, start, end }], score: 0.5 };
        }
        const hasNum = cols.some((c) => c.numeric && row[c.name]);
        if (Object.keys(row).length >= Math.min(2, cols.length) && (hasNum || !cols.some((c) => c.numeric))) rows.push(row);
      }
      if (rows.length) return rows;
    }
  }
  return rows;
}
