import { makeInvoice } from '../../src/synth/invoice.js';
import { LOCALES, SYNTH_LANGUAGES } from '../../src/synth/locales/index.js';
import { Rng } from '../../src/synth/random.js';
import { makeReceipt } from '../../src/synth/receipt.js';

const cents = (x: number) => Math.round(x * 100);

test.each(SYNTH_LANGUAGES)('%s invoices add up: qty x unit price = line amount, lines = net, net + tax = gross', (lang) => {
  for (let i = 0; i < 40; i++) {
    const { truth, taxLines } = makeInvoice(LOCALES[lang], new Rng(`amounts/${lang}/${i}`));
    for (const li of truth.line_items) {
      if (li.quantity !== undefined && li.unit_price !== undefined) expect(cents(li.quantity * li.unit_price)).toBe(cents(li.amount));
    }
    expect(truth.line_items.reduce((s, li) => s + cents(li.amount), 0)).toBe(cents(truth.subtotal));
    expect(cents(truth.subtotal) + cents(truth.tax_amount)).toBe(cents(truth.total));
    // each rate's tax on its own items, rounded to the cent (one line per rate)
    expect(taxLines.reduce((s, l) => s + l.baseCents, 0)).toBe(cents(truth.subtotal));
    expect(cents(truth.tax_amount)).toBe(taxLines.reduce((s, l) => s + Math.round((l.baseCents * l.rate) / 100), 0));
  }
});

test.each(SYNTH_LANGUAGES)('%s receipts carry the tax their total includes (or adds)', (lang) => {
  for (let i = 0; i < 40; i++) {
    const r = makeReceipt(LOCALES[lang], new Rng(`receipts/${lang}/${i}`));
    const net = r.truth.total - r.truth.tax;
    expect(r.truth.tax).toBeGreaterThan(0);
    expect(Math.abs(r.truth.tax - (net * r.taxRate) / 100)).toBeLessThanOrEqual(0.01);
  }
});

test('some invoices tax their items at two rates: one tax line per rate in the totals, no line printing their sum', () => {
  const two = SYNTH_LANGUAGES.flatMap((lang) => Array.from({ length: 20 }, (_, i) => makeInvoice(LOCALES[lang], new Rng(`two-rates/${lang}/${i}`)))).filter((d) => d.taxLines.length === 2);
  expect(two.length).toBeGreaterThanOrEqual(5);
  for (const d of two) {
    expect(d.sheet.totals).toHaveLength(4);
    expect(d.taxLines[0]!.rate).not.toBe(d.taxLines[1]!.rate);
    expect(d.taxLines.every((l) => l.baseCents > 0)).toBe(true);
    expect(d.printed.tax_amount).toBeNull();
  }
});
