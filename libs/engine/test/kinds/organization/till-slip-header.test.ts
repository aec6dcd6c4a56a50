/**
 * The merchant's name on a till slip: a centred header (name, then address lines centred under it) under a title
 * line that names the copy ("Customer copy", "Copie client"), with a salesperson keyed by a seller's word at the foot.
 */
import { field, str } from '../kind-helpers.js';

/** A line centred on the page (the test pages set 0.01 of width per character). */
const centred = (text: string, y: number) => ({ text, x: 0.5 - text.length * 0.005, y });

const slip = (title: string, foot: string) => [
  centred(title, 0.03),
  centred('Brightwell Kitchen', 0.06),
  centred('119 Mill Lane, Old Town Quarter', 0.09),
  centred('Glasgow G2 0YB, United Kingdom', 0.12),
  centred('Telephone +44 8964 231722', 0.15),
  { text: 'Date 18/01/23', y: 0.2 },
  { text: 'Bananas', y: 0.3 },
  { text: '1.80', x: 0.8, y: 0.3 },
  { text: 'Total', y: 0.5 },
  { text: 'GBP 25.30', x: 0.75, y: 0.5 },
  { text: 'VISA', y: 0.6 },
  { text: '25.30', x: 0.8, y: 0.6 },
  { text: foot, y: 0.9 },
];

describe('the merchant of a till slip', () => {
  test('a title naming the customer\'s copy is no heading of the customer\'s block', () => {
    expect(field(slip('Customer Copy', 'Thank you!'), 'merchant', str).value).toBe('Brightwell Kitchen');
  });

  test('the same in French: "Copie client"', () => {
    expect(field(slip('Copie client', 'Merci de votre visite'), 'merchant', str).value).toBe('Brightwell Kitchen');
  });

  test('a name centred over centred address lines heads a block', () => {
    const r = field(slip('RECEIPT', 'Thank you!'), 'merchant', str).result;
    expect(r.value).toBe('Brightwell Kitchen');
    expect(r.candidates?.[0]?.features?.addrBelow).toBe(1);
  });

  test('a title above the name does not take the first line\'s place', () => {
    const r = field(slip('RECEIPT', 'Thank you!'), 'merchant', str).result;
    expect(r.candidates?.[0]?.features?.firstLine).toBe(1);
  });

  test('a centred line above the name (a slogan) does not head the name\'s address block', () => {
    const r = field(slip('Fresh bread baked every single morning', 'Thank you!'), 'merchant', str).result;
    expect(r.value).toBe('Brightwell Kitchen');
    expect(r.candidates?.find((c) => c.value === 'Fresh bread baked every single morning')?.features?.addrBelow).toBe(0);
  });

  test('a seller\'s word keying a name at the page\'s foot names who served, not the merchant', () => {
    // (a slip printing no address under its name)
    const bare = slip('Ticket', 'Vendeur : Mathieu').filter((l) => l.y < 0.08 || l.y > 0.17);
    expect(field(bare, 'merchant', str).value).toBe('Brightwell Kitchen');
  });
});
