/**
 * The label lists the engine held before they became data (knowledge/labels), as they were written out in
 * extract/labels.ts and kinds/table/tables.ts: every phrase must still reach the fields and columns it reached.
 */

/** Per field reading pattern (old SYNONYMS), a field name it matched and the phrases it added. */
export const OLD_SYNONYMS: [string, string[]][] = [
  ['invoice_number', ['invoice no', 'invoice number', 'invoice #', 'invoice nr', 'invoice id', 'inv no', 'bill no', 'receipt no', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'factuurnummer', 'factuur nr', 'facture n', 'n° de facture', 'numéro de facture', 'document no', 'invoice', 'factuur', 'rechnung', 'facture', 'fattura', 'factura', 'no', '#']],
  ['invoice_date', ['invoice date', 'date of issue', 'issue date', 'issued', 'date', 'rechnungsdatum', 'factuurdatum', 'datum', 'date de facture', 'billing date', 'dated', 'tarikh']],
  ['due_date', ['due date', 'payment due', 'due', 'fälligkeitsdatum', 'fällig', 'vervaldatum', 'échéance', 'pay by']],
  ['amount_due', ['amount due', 'balance due', 'total due', 'amount payable', 'total payable', 'please pay', 'pay this amount', 'amount to pay', 'net to pay', 'balance outstanding', 'outstanding balance', 'te betalen', 'zu zahlen', 'zahlbetrag', 'net à payer', 'reste à payer', 'à payer', 'balance']],
  ['total_amount', ['grand total', 'total amount', 'total due', 'amount due', 'balance due', 'invoice total', 'total', 'amount paid', 'total paid', 'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe brutto', 'brutto', 'summe', 'totaal', 'factuur totaal', 'te betalen', 'total ttc', 'montant total', 'montant ttc', 'rounded total', 'total incl', 'nett total', 'net total', 'total payable', 'amount']],
  ['subtotal', ['subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total ht', 'montant ht', 'nettobetrag', 'gesamtnetto', 'summe netto', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'excl. btw', 'excl btw', 'total before tax', 'untaxed amount', 'excl. vat', 'total net', 'grondslag', 'net']],
  ['tax_amount', ['total tax', 'tax amount', 'vat amount', 'btw bedrag', 'sales tax', 'vat', 'tax', 'gst', 'mwst', 'ust', 'btw', 'tva']],
  ['customer_id', ['customer no', 'customer number', 'customer id', 'customer #', 'cust no', 'cust id', 'account no', 'account number', 'account #', 'account id', 'customer', 'kundennummer', 'kunden-nr', 'kundennr', 'kd-nr', 'klantnummer', 'klantnr', 'client no', 'client id', 'n° client', 'numéro client', 'debtor no', 'debiteurnummer', 'acct']],
  ['payment_reference', ['payment reference', 'payment communication', 'structured communication', 'communication', 'remittance information', 'reference', 'ref', 'verwendungszweck', 'betalingskenmerk', 'mededeling', 'kenmerk', 'référence', 'communication structurée']],
  ['customer_reference', ['customer reference', 'your reference', 'your ref', 'client reference', 'customer ref', 'order reference', 'uw referentie', 'uw kenmerk', 'ihre referenz', 'ihr zeichen', 'votre référence', 'reference', 'ref']],
  ['payment_terms', ['payment terms', 'terms', 'zahlungsbedingungen', 'betalingsvoorwaarden', 'conditions de paiement']],
  ['payment_method', ['payment method', 'paid by', 'payment type', 'paid with', 'zahlungsart', 'betaalmethode', 'payment']],
  ['vat_rate', ['vat', 'tax', 'mwst', 'ust', 'btw', 'tva', 'gst']],
  ['chamber_of_commerce', ['kvk', 'coc', 'chamber of commerce', 'kamer van koophandel', 'handelsregister', 'hrb']],
  ['vat_number', ['vat no', 'vat number', 'vat id', 'vat reg', 'btw nr', 'btw-nummer', 'ust-idnr', 'tva', 'tax id', 'gst reg no', 'gst id', 'vat', 'btw', 'btw-nr', 'btw nummer', 'mwst-nr', 'n° tva']],
  ['siren', ['siren', 'siret', 'rcs']],
  ['iban', ['iban']],
  ['bic', ['bic', 'swift']],
  ['purchase_order', ['purchase order', 'po number', 'po no', 'order no', 'order number', 'your order', 'bestellnummer', 'ordernummer']],
  ['phone', ['phone', 'tel', 'telephone', 'telefon', 'tél']],
  ['email', ['email', 'e-mail', 'mail']],
  ['website', ['website', 'web', 'www']],
];

/** The old amount families (FAMILY_PHRASES). */
export const OLD_FAMILIES: Record<'subtotal' | 'tax' | 'total', string[]> = {
  subtotal: ['subtotal', 'sub total', 'sub-total', 'net amount', 'total excl', 'total excluding', 'total ht', 'montant ht', 'total hors taxes', 'nettobetrag', 'gesamtnetto', 'summe netto', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'excl. btw', 'excl btw', 'excl. vat', 'excl vat', 'total before tax', 'untaxed amount', 'total net', 'net total', 'grondslag', 'taxable amount', 'net'],
  tax: ['total tax', 'tax amount', 'vat amount', 'total vat', 'btw bedrag', 'sales tax', 'tax', 'vat', 'gst', 'mwst', 'ust', 'btw', 'tva', 'iva', 'umsatzsteuer'],
  total: ['grand total', 'total amount', 'total due', 'amount due', 'balance due', 'invoice total', 'total paid', 'amount paid', 'total incl', 'total including', 'total ttc', 'montant ttc', 'gesamtbetrag', 'rechnungsbetrag', 'endbetrag', 'summe brutto', 'brutto', 'factuur totaal', 'te betalen', 'total payable', 'total'],
};

/** The old line-item column headers (tables.ts CONCEPTS), per column property name that reached them. */
export const OLD_COLUMNS: [string, string[]][] = [
  ['tax_rate', ['tax %', 'vat %', 'btw %', 'tax rate', 'vat rate', 'taxes', 'tax', 'vat', 'btw', 'mwst', 'ust', 'tva', 'gst', 'iva']],
  ['discount', ['discount', 'disc.%', 'disc', 'rabatt', 'korting', 'remise', 'descuento']],
  ['unit_price', ['unit price', 'price per unit', 'price/unit', 'unit cost', 'prijs per stuk', 'stückpreis', 'einzelpreis', 'e-preis', 'prix unitaire', 'p.u. ht', 'p.u.', 'unit net price', 'list price', 'listprice', 'rate', 'price', 'preis', 'prijs', 'prix', 'precio', 'prezzo']],
  ['amount', ['line total', 'net amount', 'gross value', 'extended price', 'extended amount', 'ext. amount', 'ext amount', 'ext price', 'line amount', 'extended', 'amount', 'total', 'subtotal', 'extension', 'ext. price', 'betrag', 'gesamt', 'summe', 'bedrag', 'totaal', 'montant ht', 'montant', 'importe', 'importo', 'prijs incl. btw', 'value']],
  ['price', ['unit price', 'price per unit', 'unit cost', 'prijs per stuk', 'stückpreis', 'einzelpreis', 'prix unitaire', 'p.u. ht', 'p.u.', 'rate', 'price', 'preis', 'prijs', 'prix', 'precio', 'prezzo']],
  ['quantity', ['qty shipped', 'qty ordered', 'qty invoiced', 'qty billed', 'quantity', 'qty', 'shipped', 'qté', 'quantité', 'menge', 'anzahl', 'aantal', 'hoeveelheid', 'cantidad', 'quantità', 'nombre', 'hours', 'hrs', 'units', 'pcs']],
  ['unit', ['uom', 'unit', 'einheit', 'eenheid', 'unité']],
  ['code', ['item code', 'product code', 'article no', 'art.nr', 'artikelnummer', 'artikelnr', 'item no', 'item #', 'part no', 'part #', 'product no', 'product #', 'catalog no', 'cat. no', 'material no', 'sku', 'code', 'ref', 'artikel', 'upc', 'ean']],
  ['description', ['description', 'omschrijving', 'beschreibung', 'bezeichnung', 'désignation', 'designation', 'descripción', 'item name', 'product name', 'item', 'product', 'produkt', 'service', 'article', 'artikel', 'details', 'name', 'leistung', 'charge name']],
];
