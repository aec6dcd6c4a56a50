import { findDates, normalizeDate, detectDateOrder, addDuration, localeDateOrder } from '../../src/normalize/dates.js';
import { DocContext } from '../../src/extract/context.js';
import { doc } from '../helpers/doc.js';
import { normalizeDuration } from '../../src/normalize/durations.js';
import { parseAmount, wordsToNumber } from '../../src/normalize/numbers.js';
import { currencyFromText, normText, similarity, alnum } from '../../src/normalize/text.js';

describe('dates', () => {
  test('reads legal phrasing "the 8th day of June, 2010"', () => {
    expect(normalizeDate('made this the 8th day of June, 2010 by')).toBe('2010-06-08');
  });
  test('reads month-first words "June 8th, 2010"', () => {
    expect(normalizeDate('June 8th, 2010')).toBe('2010-06-08');
  });
  test('reads day-first words "8 Juni 2010" in German', () => {
    expect(normalizeDate('8. Juni 2010')).toBe('2010-06-08');
  });
  test('reads ISO dates', () => {
    expect(normalizeDate('2014-08-03')).toBe('2014-08-03');
  });
  test('reads numeric day-first dates by default', () => {
    expect(normalizeDate('25/12/2018')).toBe('2018-12-25');
    expect(normalizeDate('03/04/2018')).toBe('2018-04-03');
  });
  test('reads numeric month-first dates when asked', () => {
    expect(normalizeDate('6/8/10', 'mdy')).toBe('2010-06-08');
  });
  test('reads compact "08Jun18"', () => {
    expect(normalizeDate('08Jun18')).toBe('2018-06-08');
  });
  test('rejects impossible dates', () => {
    expect(normalizeDate('31/02/2020')).toBeUndefined();
  });
  test('decides month-first from an unambiguous date in the document', () => {
    expect(detectDateOrder('Date: 12/25/2018')).toBe('mdy');
    expect(detectDateOrder('Date: 25/12/2018')).toBe('dmy');
  });
  test('a US address (country, or state code and ZIP) makes ambiguous numeric dates month-first', () => {
    expect(detectDateOrder('Ship to: 999 Main Street, Anywhere, USA 99999. Date 1/02/02')).toBe('mdy');
    expect(detectDateOrder('Richmond, VA 23261-6566  Invoice date 1/02/02')).toBe('mdy');
    expect(detectDateOrder('Hauptstr. 5, 10115 Berlin  Datum 1/02/02')).toBe('dmy');
  });
  test('the order the document\'s language writes decides an ambiguous date before a dollar sign does', () => {
    expect(detectDateOrder('Total $ 12.50  Fecha 12/11/2025', 'dmy')).toBe('dmy');
    expect(detectDateOrder('Total $ 12.50  Date 12/11/2025')).toBe('mdy');
  });
  test('an unambiguous date in the document still outweighs its language', () => {
    expect(detectDateOrder('Fecha 12/25/2025', 'dmy')).toBe('mdy');
  });
  test('marks a numeric date readable only in the other order than asked', () => {
    expect(findDates('Date: 01/16/2017')[0]).toMatchObject({ iso: '2017-01-16', againstOrder: true });
    expect(findDates('Date: 16/01/2017')[0]!.againstOrder).toBeUndefined();
    expect(findDates('Date: 16/01/2017', 'mdy')[0]).toMatchObject({ iso: '2017-01-16', againstOrder: true });
  });
  test('locale order: day-first cues win over dollar signs, dates themselves are not counted', () => {
    expect(localeDateOrder('SDN BHD GST 6% Total $8.20 Date 01/16/2017')).toBe('dmy');
    expect(localeDateOrder('Total $8.20 Date 16/01/2017')).toBe('mdy');
    expect(localeDateOrder('Date 16/01/2017')).toBeUndefined();
  });
  test('finds several dates with offsets', () => {
    const t = 'from January 1, 2020 to 31 December 2020';
    const d = findDates(t);
    expect(d.map((x) => x.iso)).toEqual(['2020-01-01', '2020-12-31']);
    expect(t.slice(d[0].start, d[0].end)).toBe('January 1, 2020');
  });
  test('adds a term to a date', () => {
    expect(addDuration('2010-06-08', 2, 'year')).toBe('2012-06-08');
  });
});

describe('amounts', () => {
  test('parses US formatting', () => expect(parseAmount('1,234.56')).toBe(1234.56));
  test('parses European formatting', () => expect(parseAmount('1.234,56')).toBe(1234.56));
  test('parses a comma decimal', () => expect(parseAmount('49,99 €')).toBe(49.99));
  test('parses currency prefixes', () => expect(parseAmount('RM 80.90')).toBe(80.9));
  test("parses Swiss groups, typed or typeset (\"1'234.50\", \"1’234.50\")", () => {
    expect(parseAmount("CHF 1'234.50")).toBe(1234.5);
    expect(parseAmount('CHF 1’234.50')).toBe(1234.5);
  });
  test('parses space thousands', () => expect(parseAmount('1 234,50')).toBe(1234.5));
  test('two amounts side by side are the first, not one number', () => {
    expect(parseAmount('300,00 600,00')).toBe(300);
    expect(parseAmount('12.50 100.00')).toBe(12.5);
    expect(parseAmount('650,00 7 800,00')).toBe(650);
  });
  test('reads a single group separator as thousands', () => expect(parseAmount('4,759')).toBe(4759));
  test('reads trailing minus and parentheses as negative', () => {
    expect(parseAmount('1,269.12-')).toBe(-1269.12);
    expect(parseAmount('(12.00)')).toBe(-12);
  });
  test('returns undefined without digits', () => expect(parseAmount('n/a')).toBeUndefined());
});

describe('durations', () => {
  test('normalises "thirty (30) days"', () => expect(normalizeDuration('within thirty (30) days of')).toBe('30 days'));
  test('normalises "two-year"', () => expect(normalizeDuration('a two-year period')).toBe('2 years'));
  test('normalises "eighteen months"', () => expect(normalizeDuration('eighteen months')).toBe('18 months'));
  test('normalises "one (1) year" to singular', () => expect(normalizeDuration('one (1) year')).toBe('1 year'));
  test('reads "one (I) year" by its words when the bracketed figure is a misread letter', () => expect(normalizeDuration('continue in effect for one (I) year, unless')).toBe('1 year'));
  test('reads "the first anniversary" as one year', () => expect(normalizeDuration('until the first anniversary of the Effective Date')).toBe('1 year'));
  test('reads "the second (2nd) anniversary" as two years', () => expect(normalizeDuration('the second (2nd) anniversary of the date hereof')).toBe('2 years'));
  test('reads compound number words', () => expect(wordsToNumber('twenty-four')).toBe(24));
});

describe('text', () => {
  test('normalises case, width and surrounding punctuation', () => expect(normText('  ＡＢＣ  Inc. ')).toBe('abc  inc'.replace('  ', ' ')));
  test('compares identifiers on letters and digits', () => expect(alnum('NL 81.04-33')).toBe('nl810433'));
  test('similarity ratio of near names is >= 0.9', () => expect(similarity('nike, inc', 'nike inc')).toBeGreaterThanOrEqual(0.9));
  test('maps currency symbols to codes', () => {
    expect(currencyFromText('€ 12')).toBe('EUR');
    expect(currencyFromText('$12')).toBe('USD');
    expect(currencyFromText('Rs. 500')).toBe('INR');
  });
});

describe('a document\'s date order from the language of its pages', () => {
  const page = (language?: 'es' | 'en') => {
    const d = doc(['Panadería Castillo', 'Fecha 12/11/2025', 'Total $ 12.50']);
    if (language) d.pages[0]!.language = language;
    return new DocContext(d);
  };
  test('a Spanish page priced in dollars reads 12/11/2025 as 12 November', () => {
    expect(page('es').dateOrder).toBe('dmy');
    expect(page('es').languageDateOrder).toBe('dmy');
  });
  test('an English page (no single order) or one of unknown language goes by its locale cues', () => {
    expect(page('en').dateOrder).toBe('mdy');
    expect(page().dateOrder).toBe('mdy');
  });
});
