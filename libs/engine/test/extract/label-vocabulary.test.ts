/**
 * The label lists that were written out in the extraction code are now read from knowledge/labels; every phrase
 * they held still reaches the same fields, and fields no list knew reach labels in every language.
 */
import { compileSchema } from '../../src/index.js';
import { BUYER_CUE_RE, BUYER_LABEL_RE, DocContext, SELLER_LABEL_RE } from '../../src/extract/context.js';
import { findLabels, labelPhrases } from '../../src/extract/labels.js';
import { doc } from '../helpers/doc.js';
import { OLD_SYNONYMS } from '../knowledge/old-vocabulary.js';

const leaf = (name: string, extra: Record<string, unknown> = {}) => compileSchema({ type: 'object', properties: { [name]: { type: ['string', 'null'], ...extra } } }).root.properties[0]!.node as Parameters<typeof labelPhrases>[0];

describe('label phrases of a field', () => {
  test.each(OLD_SYNONYMS)('%s keeps every label it had', (name, phrases) => {
    const now = labelPhrases(leaf(name));
    expect(phrases.filter((p) => !now.includes(p))).toEqual([]);
  });

  test('a due date is labelled in every language', () => {
    const now = labelPhrases(leaf('due_date'));
    for (const p of ["date d'échéance", 'fälligkeitsdatum', 'fecha de vencimiento', 'data di scadenza', 'vervaldatum', 'data de vencimento']) expect(now).toContain(p);
  });

  test('a purchase order number is labelled in every language', () => {
    const now = labelPhrases(leaf('purchase_order_number'));
    for (const p of ['bon de commande', 'bestellnummer', 'número de pedido', 'numero ordine', 'inkoopordernummer', 'número da encomenda']) expect(now).toContain(p);
  });

  test('a delivery date, which no rule knew, has labels of its own', () => {
    expect(labelPhrases(leaf('delivery_date'))).toEqual(expect.arrayContaining(['delivery date', 'lieferdatum', 'date de livraison', 'fecha de entrega']));
  });

  test('the field\'s own words come first', () => {
    expect(labelPhrases(leaf('due_date'))[0]).toBe('due date');
  });

  test('the same leaf gives the same list (its phrases\' strengths travel with it)', () => {
    const l = leaf('invoice_number');
    expect(labelPhrases(l)).toBe(labelPhrases(l));
  });
});

describe('party block headings', () => {
  test.each(['Bill to:', 'Invoice to', 'Ship to', 'Delivery address', 'Customer', 'Rechnungsempfänger', 'Lieferadresse', 'Kunde', 'Factuuradres', 'Klant', 'Adresse de facturation', 'Destinataire', 'An:', 'Aan:', 'À :', 'To:', 'Attn', 'Recipient'])('"%s" opens the buyer\'s block', (t) => {
    expect(BUYER_LABEL_RE.test(t)).toBe(true);
  });

  test('a heading that ends in an accented letter is read as a whole word ("Facturé à")', () => {
    expect(BUYER_LABEL_RE.test('Facturé à: ACME')).toBe(true);
  });

  test.each(['Facturar a:', 'Cliente', 'Cessionario/committente', 'Adquirente', 'Spett.le'])('"%s" (a language the old list lacked) opens the buyer\'s block', (t) => {
    expect(BUYER_LABEL_RE.test(t)).toBe(true);
  });

  test.each(['Seller', 'Vendor', 'Supplier', 'Sold by', 'Issued by', 'From', 'Remit to', 'Payee', 'Verkäufer', 'Lieferant', 'Leverancier', 'Fournisseur', 'Vendeur', 'Rechnungssteller'])('"%s" opens the seller\'s block', (t) => {
    expect(SELLER_LABEL_RE.test(t)).toBe(true);
  });

  test.each(['Proveedor', 'Fornitore', 'Cedente/prestatore', 'Fornecedor', 'Emitente'])('"%s" (a language the old list lacked) opens the seller\'s block', (t) => {
    expect(SELLER_LABEL_RE.test(t)).toBe(true);
  });

  test('a heading word inside another word is no heading', () => {
    expect(BUYER_LABEL_RE.test('Customers love us')).toBe(false);
    expect(SELLER_LABEL_RE.test('Fromage blanc')).toBe(false);
  });
});

describe('a field whose name is a party and a generic word', () => {
  test('a customer number is labelled as the customer\'s number, not as the document\'s', () => {
    const phrases = labelPhrases(leaf('customer_number'));
    expect(phrases).toContain('kundennummer');
    expect(phrases).not.toContain('invoice no');
  });
});

describe('buyer cues within a text', () => {
  test('a heading or an addressee word with its colon anywhere in the text', () => {
    expect(BUYER_CUE_RE.test('services rendered. bill to acme')).toBe(true);
    expect(BUYER_CUE_RE.test('zie hieronder. aan: acme')).toBe(true);
  });

  test('an addressee word inside another word is no cue ("plan:")', () => {
    expect(BUYER_CUE_RE.test('payment plan: monthly')).toBe(false);
  });
});

describe('strength of a label', () => {
  test('each language\'s most specific label is as strong as English\'s, and stronger than any generic one', () => {
    const d = doc(['Invoice No: 1001', 'Rechnungsnummer: 1002', 'Número de factura: 1003', 'Invoice 1004']);
    const l = leaf('invoice_number');
    const phrases = labelPhrases(l);
    const spec = (text: string) => findLabels(new DocContext(d), phrases).find((h) => d.pages[0]!.text.slice(h.start, h.end) === text)?.spec;
    expect(spec('Rechnungsnummer')).toBeCloseTo(spec('Invoice No')!, 1);
    expect(spec('Número de factura')).toBeCloseTo(spec('Invoice No')!, 1);
    expect(spec('Invoice')).toBeLessThan(spec('Rechnungsnummer')! - 0.2);
  });
});
