/**
 * A printed label is matched to a field's phrases by similarity, not only as listed: diacritics folded, the ways
 * of writing "number" as one, connectors skipped, compounds joined or split, inflection, abbreviation and (OCR'd
 * or long words) one typo, each lowering the match's quality.
 */
import { compileSchema, extractFromDocument } from '../../src/index.js';
import { DocContext } from '../../src/extract/context.js';
import { findLabels } from '../../src/extract/labels.js';
import { labelTokens, matchPhraseAt, phraseTokens, tokenQuality, withinOneEdit } from '../../src/extract/label-similarity.js';
import { doc, type LineSpec } from '../helpers/doc.js';

/** Hits of the phrases on a one-page document, as the words they cover and their quality. */
function hits(lines: (LineSpec | string)[], phrases: string[], ocr = false): { text: string; quality: number }[] {
  const d = doc(lines);
  if (ocr) d.pages[0]!.source = 'ocr';
  const ctx = new DocContext(d);
  return findLabels(ctx, phrases).map((h) => ({ text: d.pages[0]!.text.slice(h.start, h.end), quality: h.quality ?? 1 }));
}

const tok = (s: string) => labelTokens(s).map((t) => t.t);

describe('label tokens', () => {
  test('case and diacritics are folded', () => {
    expect(tok("DATE D'ÉCHÉANCE")).toEqual(['date', 'echeance']);
  });

  test('"No.", "Nº", "N.º", "n°", "Nr.", "#" and "número" are one number token', () => {
    for (const s of ['No.', 'Nº', 'N.º', 'n°', 'Nr.', '#', 'número', 'Nummer']) expect(tok(s)).toEqual(['#']);
  });

  test('a lone "n" is a number sign only when abbreviated', () => {
    expect(tok('n. 12')).toEqual(['#', '12']);
    expect(tok('n 12')).toEqual(['n', '12']);
  });

  test('a compound ending in a number word is its stem and a number token ("Kundennr", "factuurnummer")', () => {
    expect(tok('Kundennr.')).toEqual(['kunden', '#']);
    expect(tok('factuurnummer')).toEqual(['factuur', '#']);
  });

  test('connectors are skipped', () => {
    expect(tok('Data de emissão')).toEqual(tok('data da emissao'));
  });

  test('a word glued to an underscore is an identifier, never a label word', () => {
    expect(tok('ref_invoice_number_1')).toEqual(['_']);
  });
});

describe('word similarity', () => {
  const q = (phrase: string, word: string, typoLength?: number) => tokenQuality(phraseTokens(phrase)[0]!, labelTokens(word)[0]!, typoLength);

  test('an inflected form (a stem of 5+ letters and at most 3 letters more) matches, below an exact match', () => {
    expect(q('vencimiento', 'Vencimientos')).toBeGreaterThan(0);
    expect(q('vencimiento', 'Vencimientos')).toBeLessThan(1);
    expect(q('total', 'Totale')).toBeGreaterThan(0);
  });

  test('a word of four letters matches its plural in "-s", and no other longer word', () => {
    expect(q('terms', 'term')).toBeGreaterThan(0);
    expect(q('item', 'Items')).toBeGreaterThan(0);
    expect(q('part', 'Party')).toBe(0);
    expect(q('tax', 'Taxs')).toBe(0);
  });

  test('a compound is not an inflection of its first part', () => {
    expect(q('rechnung', 'Rechnungsdatum')).toBe(0);
  });

  test('an abbreviation closed by a dot matches the word it cuts short', () => {
    expect(q('rechnungs', 'Rechn.')).toBeGreaterThan(0);
    expect(q('rechnungs', 'Rechn')).toBe(0);
    expect(q('receipt', 'Re.')).toBe(0);
  });

  test('a contraction closed by a dot (first and last letter, the rest in order) matches the word it contracts', () => {
    expect(q('vencimiento', 'Vto.')).toBeGreaterThan(0);
    expect(q('bestellung', 'Bstlg.')).toBeGreaterThan(0);
    expect(q('vencimiento', 'Vto.')).toBeLessThan(q('vencimiento', 'Venc.'));
  });

  test('a contraction needs its dot, three letters, the word\'s last letter and its letters in order', () => {
    expect(q('vencimiento', 'Vto')).toBe(0);
    expect(q('factura', 'Fra.')).toBeGreaterThan(0);
    expect(q('factura', 'Fr.')).toBe(0);
    expect(q('vencimiento', 'Vtn.')).toBe(0);
    expect(q('vencimiento', 'Vot.')).toBe(0);
    expect(q('vencimiento', 'Vso.')).toBe(0);
    expect(q('rechnung', 'Reg.')).toBe(0); // "Reg." cuts "registration" short
  });

  test('one typo is tolerated in words of 5+ letters, not in shorter ones', () => {
    expect(q('betrag', 'Betarg')).toBe(0);
    expect(q('betrag', 'Betrg')).toBeGreaterThan(0);
    expect(q('datum', 'Dtum')).toBe(0);
  });

  test('a text layer tolerates a typo only in words of 7+ letters', () => {
    expect(q('gross', 'cross', 7)).toBe(0);
    expect(q('gesamtbetrag', 'gesamtbetrg', 7)).toBeGreaterThan(0);
  });

  test('edit distance one: one insertion, deletion or substitution', () => {
    expect(withinOneEdit('invoice', 'invoce')).toBe(true);
    expect(withinOneEdit('invoice', 'invoixe')).toBe(true);
    expect(withinOneEdit('invoice', 'inovice')).toBe(false);
  });

  test('two tolerated words at most make a phrase match', () => {
    const p = phraseTokens('totale imponibile documento');
    expect(matchPhraseAt(p, labelTokens('Totali imponibili documenti'), 0)).toBeUndefined();
    expect(matchPhraseAt(p, labelTokens('Totale imponibile documenti'), 0)).toBeDefined();
  });
});

describe('labels found by similarity', () => {
  test('a label printed without its accents', () => {
    expect(hits(["DATE D'ECHEANCE : 04/04/2024"], ["date d'échéance"])).toEqual([{ text: "DATE D'ECHEANCE", quality: 1 }]);
  });

  test('"number" written as a sign', () => {
    expect(hits(['Invoice Nº 2024-17'], ['invoice no']).map((h) => h.text)).toEqual(['Invoice Nº']);
    expect(hits(['Invoice N° 2024-17'], ['invoice number']).map((h) => h.text)).toEqual(['Invoice N°']);
  });

  test('a compound split by a hyphen, with its number word abbreviated', () => {
    expect(hits(['Kunden-Nr.: 4711'], ['kundennummer']).map((h) => h.text)).toEqual(['Kunden-Nr']);
    expect(hits(['Rechnungs-Datum: 12.02.2024'], ['rechnungsdatum']).map((h) => h.text)).toEqual(['Rechnungs-Datum']);
  });

  test('other connectors', () => {
    expect(hits(['Data da emissão: 22/04/2024'], ['data de emissão']).map((h) => h.text)).toEqual(['Data da emissão']);
    expect(hits(['Seria și nr. TMF-0457'], ['seria nr']).map((h) => h.text)).toEqual(['Seria și nr']);
  });

  test('an inflected form, at a lower quality', () => {
    const [h] = hits(['Vencimientos: 17/02/2024'], ['vencimiento']);
    expect(h?.text).toBe('Vencimientos');
    expect(h!.quality).toBeLessThan(1);
  });

  test('a contracted word, also as the first word of a label', () => {
    expect(hits(['Fecha vto.: 30/03/2026'], ['fecha vencimiento']).map((h) => h.text)).toEqual(['Fecha vto']);
    expect(hits(['Vto.: 30/03/2026'], ['vencimiento']).map((h) => h.text)).toEqual(['Vto']);
  });

  test('on an OCR\'d page, letters glued in front of a long label word', () => {
    expect(hits(['ViEncomenda ENC 7781'], ['encomenda'], true).map((h) => h.text)).toEqual(['ViEncomenda']);
    expect(hits(['ViEncomenda ENC 7781'], ['encomenda'])).toEqual([]); // a text layer prints what it means
    expect(hits(['XyzEncomenda ENC 7781'], ['encomenda'], true)).toEqual([]); // three letters are a word
    expect(hits(['Subtotal 12.00'], ['total'], true)).toEqual([]); // a short word is part of a compound
  });

  test('a compound read as its head: a long phrase word after a modifier of four letters or more', () => {
    const [h] = hits(['Kundenbestellnummer: 4500078812'], ['bestellnummer']);
    expect(h?.text).toBe('Kundenbestellnummer');
    expect(h!.quality).toBeLessThan(1);
    expect(hits(['Lieferdatum: 12.02.2024'], ['datum'])).toEqual([]); // a short head names other roles' words
  });

  test('abbreviated words', () => {
    expect(hits(['Rechn.-Datum: 12.02.2024'], ['rechnungs datum']).map((h) => h.text)).toEqual(['Rechn.-Datum']);
    expect(hits(['Best.-Nr.: 4500078812'], ['bestell nr']).map((h) => h.text)).toEqual(['Best.-Nr']);
  });

  test('a typo in a long word of a text layer, and in a shorter one read by OCR', () => {
    expect(hits(['Gesamtbetrg 595,00'], ['gesamtbetrag']).map((h) => h.text)).toEqual(['Gesamtbetrg']);
    expect(hits(['Summa 595,00'], ['summe'])).toEqual([]);
    expect(hits(['Summa 595,00'], ['summe'], true).map((h) => h.text)).toEqual(['Summa']);
  });

  test('a near-miss inside running text is not a label', () => {
    const sentence = 'Los vencimientos de las cuotas se pagarán en la cuenta indicada por el proveedor cada mes';
    expect(hits([sentence], ['vencimiento'])).toEqual([]);
  });

  test('a page of running text is not read by similarity', () => {
    const prose = Array.from({ length: 12 }, (_, i) => `Clause ${i} the parties agree that the payment terms of this agreement shall apply to every order`);
    expect(hits([...prose, 'Vencimientos 17/02/2024'], ['vencimiento'])).toEqual([]);
  });
});

describe('fields read through similar labels', () => {
  const extract = (lines: LineSpec[], properties: Record<string, unknown>) => extractFromDocument(doc(lines), compileSchema({ type: 'object', properties })).data;

  test('a due date labelled in capitals without accents', () => {
    const r = extract([
      { text: 'FACTURE', x: 0.4, y: 0.05 },
      { text: 'Date: 05/03/2024', x: 0.05, y: 0.15 },
      { text: "ECHEANCE : 04/04/2024", x: 0.05, y: 0.18 },
    ], { due_date: { type: ['string', 'null'], format: 'date' } });
    expect(r.due_date).toBe('2024-04-04');
  });

  test('a customer number under a label whose compound is split and whose number word is spelled out', () => {
    const r = extract([
      { text: 'RECHNUNG', x: 0.4, y: 0.05 },
      { text: 'Kunden-Nummer: 4711', x: 0.05, y: 0.15 },
      { text: 'Datum: 12.02.2024', x: 0.05, y: 0.18 },
    ], { customer_id: { type: ['string', 'null'] } });
    expect(r.customer_id).toBe('4711');
  });

  test('a due date under an inflected label', () => {
    const r = extract([
      { text: 'FACTURA', x: 0.4, y: 0.05 },
      { text: 'Fecha: 18/01/2024', x: 0.05, y: 0.15 },
      { text: 'Vencimientos: 17/02/2024', x: 0.05, y: 0.18 },
    ], { due_date: { type: ['string', 'null'], format: 'date' } });
    expect(r.due_date).toBe('2024-02-17');
  });
});
