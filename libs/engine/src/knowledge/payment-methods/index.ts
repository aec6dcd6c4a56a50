/**
 * Payment methods by name, a closed vocabulary like currency codes: card schemes and payment services printed
 * alike everywhere ('*'), and each language's words for a transfer, a direct debit, cash. Matched case folded as
 * whole words, in the order listed (where one name begins another at the same place, the one listed first is
 * read: "SEPA Direct Debit" before "SEPA", "Sofortüberweisung" before "Sofort"; "cash" before "cash on delivery").
 */
export const PAYMENT_METHODS: readonly { language: string; names: readonly string[] }[] = [
  {
    language: '*',
    names: [
      'iDEAL', 'PayPal', 'Visa', 'Mastercard', 'American Express', 'Amex', 'Maestro', 'SEPA Direct Debit', 'SEPA-Direct Debit', 'SEPA', 'Klarna', 'Apple Pay',
      'Google Pay', 'Bancontact', 'Giropay',
    ],
  },
  {
    language: 'en',
    names: ['credit card', 'creditcard', 'debit card', 'debitcard', 'direct debit', 'bank transfer', 'wire transfer', 'cheque', 'check', 'cash', 'cash on delivery'],
  },
  { language: 'de', names: ['Überweisung', 'Lastschrift', 'Kreditkarte', 'Sofortüberweisung', 'Sofort'] },
  { language: 'nl', names: ['overschrijving', 'incasso', 'automatische incasso', 'contant', 'rembours'] },
  { language: 'fr', names: ['virement', 'prélèvement', 'carte bancaire'] },
];

/** Every payment method's name, in the order listed, each once. */
export const PAYMENT_METHOD_NAMES: readonly string[] = [...new Set(PAYMENT_METHODS.flatMap((m) => m.names))];
