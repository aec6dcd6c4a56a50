import { guessLanguage, textWords } from '../../src/document/language.js';
import { LANGUAGES } from '../../src/knowledge/languages/index.js';

const guess = (text: string) => guessLanguage(textWords(text)).language;

describe('the language of a page is told by its function words', () => {
  test.each([
    ['en', 'Thank you for your order. Please pay the amount shown below within 30 days of the date of this invoice to the account of our bank.'],
    ['de', 'Vielen Dank für Ihren Auftrag. Bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf das unten genannte Konto, die Lieferung erfolgt nach Zahlungseingang.'],
    ['fr', 'Nous vous remercions pour votre commande. Veuillez régler le montant ci-dessous dans les 30 jours à compter de la date de la facture sur notre compte.'],
    ['es', 'Gracias por su pedido. Le rogamos que abone el importe indicado en un plazo de 30 días desde la fecha de la factura a nuestra cuenta bancaria.'],
    ['it', 'Grazie per il vostro ordine. Vi preghiamo di pagare l\'importo indicato entro 30 giorni dalla data della fattura sul nostro conto presso la banca.'],
    ['nl', 'Bedankt voor uw bestelling. Wij verzoeken u het bedrag binnen 30 dagen na de factuurdatum over te maken op onze rekening, de levering volgt daarna.'],
    ['pt', 'Obrigado pela sua encomenda. Pedimos que pague o valor indicado no prazo de 30 dias a contar da data da fatura para a nossa conta no banco.'],
    ['pl', 'Dziękujemy za zamówienie. Prosimy o zapłatę kwoty podanej na fakturze w terminie 14 dni na nasze konto, zgodnie z warunkami umowy, która jest podstawą.'],
    ['cs', 'Děkujeme za vaši objednávku. Prosíme o úhradu částky uvedené na faktuře do 14 dnů na náš účet, podle podmínek smlouvy, která je také přiložena.'],
    ['sv', 'Tack för din beställning. Vänligen betala beloppet som anges på fakturan inom 30 dagar till vårt konto, enligt de villkor som gäller för avtalet.'],
    ['da', 'Tak for din bestilling. Venligst betal beløbet, som er angivet på fakturaen, inden 30 dage til vores konto, og husk at angive fakturanummeret ved betaling af beløbet.'],
    ['nb', 'Takk for din bestilling. Vennligst betal beløpet som er oppgitt på fakturaen innen 30 dager til vår konto, og husk å oppgi KID ved betaling av beløpet.'],
    ['fi', 'Kiitos tilauksestanne. Olkaa hyvä ja maksakaa laskun summa eräpäivään mennessä tilillemme, ja käyttäkää maksaessanne viitenumeroa, jonka löydätte laskusta.'],
    ['ro', 'Vă mulțumim pentru comandă. Vă rugăm să achitați suma de pe factură în termen de 30 de zile în contul nostru, conform condițiilor din contract.'],
    ['hu', 'Köszönjük a megrendelést. Kérjük, hogy a számla összegét a fizetési határidő előtt utalja át a bankszámlánkra, és a közleményben tüntesse fel a számla sorszámát.'],
    ['tr', 'Siparişiniz için teşekkür ederiz. Fatura tutarını son ödeme tarihine kadar banka hesabımıza ödemenizi rica ederiz, bu fatura ile ilgili tüm sorular için bize yazın.'],
  ])('%s', (code, text) => {
    expect(guess(text)).toBe(code);
  });

  test('a page read by the English model, which drops accents, still tells German', () => {
    expect(guess('Vielen Dank fur Ihren Auftrag. Bitte uberweisen Sie den Betrag innerhalb von 14 Tagen auf das Konto.')).toBe('de');
  });

  test('accented letters alone tell a language apart from its neighbours', () => {
    const scores = guessLanguage(['Größe', 'Straße', 'Müller']).scores;
    expect(scores.de).toBeGreaterThan(scores.nl);
    expect(guessLanguage(['São', 'Paulo', 'não', 'são']).scores.pt).toBeGreaterThan(guessLanguage(['São', 'Paulo', 'não', 'são']).scores.es);
  });

  test('a business page with few sentences is told by its printed labels (as read by the English model)', () => {
    expect(guess('Dodavatel: Stavebniny Horak s.r.o. Odberatel: Rodinne domy Morava a.s. Datum vystaveni: 5. 2. 2026 Datum splatnosti: 19. 2. 2026 Cislo objednavky: OBJ-2026-114 Forma uhrady: prevodem')).toBe('cs');
    expect(guess('Sprzedawca Nabywca Nazwa: Drukarnia Wisla Adres: ul. Dluga 12 Data wystawienia: 12.03.2026 Termin platnosci: 26.03.2026 Sposob platnosci: przelew')).toBe('pl');
  });

  test('Danish, Norwegian and Swedish are told apart by the words they do not share ("af"/"av", "efter"/"etter", "og"/"och")', () => {
    expect(guess('Fakturaen betales efter aftale, og beløbet overføres af kunden til vores konto uden gebyr.')).toBe('da');
    expect(guess('Fakturaen betales etter avtale, og beløpet overføres av kunden til vår konto uten gebyr.')).toBe('nb');
    expect(guess('Fakturan betalas efter avtal, och beloppet överförs av kunden till vårt konto utan avgift.')).toBe('sv');
  });

  test('a page read by the English model, which drops accents and reads the dotless i as i, still tells Turkish and Hungarian', () => {
    expect(guess('Siparisiniz icin tesekkur ederiz. Fatura tutarini son odeme tarihine kadar hesabimiza odemenizi rica ederiz.')).toBe('tr');
    expect(guess('Koszonjuk a megrendelest. Kerjuk, hogy a szamla osszeget a fizetesi hatarido elott utalja at.')).toBe('hu');
  });

  test('a terse page (labels and numbers) tells no language', () => {
    expect(guess('Invoice No 4711 Date 2024-03-01 Total 120.00 EUR')).toBeUndefined();
    expect(guess('Rechnung 4711 Datum 01.03.2024 Summe 120,00 EUR')).toBeUndefined();
  });

  test('an English invoice with German names and addresses stays English', () => {
    expect(guess('Thank you for your business. The invoice is due on receipt and payable to the account of Müller GmbH, Pfälzer Ufer 4, 06108 Halle (Saale), Germany. All amounts are in EUR.')).toBe('en');
  });

  test('a page mixing two languages evenly tells neither', () => {
    expect(guess('Wir danken Ihnen für den Auftrag und die gute Zusammenarbeit mit uns. Thank you for your order and for the good work with us.')).toBeUndefined();
  });

  test('e-mail and web addresses hold no words of the text', () => {
    const addresses = 'm.kozin@firm.com j.piper@firm.com s.rosner@firm.com www.firm.com.br info@firm.de http://www.firm.it/de/la';
    expect(guessLanguage(textWords(addresses)).scores).toEqual(Object.fromEntries(LANGUAGES.map((l) => [l.code, 0])));
  });

  test('a lower evidence floor lets a short page\'s few words tell its language', () => {
    const slip = textWords('Rechnung 4711 Datum 01.03.2024 Summe 119,00 EUR');
    expect(guessLanguage(slip).language).toBeUndefined();
    expect(guessLanguage(slip, { minEvidence: 2 }).language).toBe('de');
  });

  test('a stray short word from OCR noise is not enough', () => {
    expect(guess('de la ee ii ll | ~ 4')).toBeUndefined();
  });
});

describe('language data', () => {
  test('each language has a unique code and Tesseract data name', () => {
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.tesseract)).size).toBe(LANGUAGES.length);
    for (const l of LANGUAGES) expect(l.tesseract).toMatch(/^[a-z]{3}$/);
  });

  test('function words are lower-case single words, listed once per language', () => {
    for (const l of LANGUAGES) {
      for (const w of l.functionWords) expect(w).toMatch(/^\p{Ll}{2,}$/u);
      expect(new Set(l.functionWords).size).toBe(l.functionWords.length);
    }
  });

  test('letters are lower-case letters English does not write', () => {
    for (const l of LANGUAGES) for (const ch of l.letters) expect(ch).toMatch(/^\p{Ll}$/u);
    for (const l of LANGUAGES) for (const ch of l.letters) expect(ch).not.toMatch(/[a-z]/);
  });
});
