import { LANGUAGES } from '../../src/knowledge/languages/index.js';
import { findDates } from '../../src/normalize/dates.js';

describe('month names as language data', () => {
  test.each(LANGUAGES.map((l) => [l.code, l] as const))('%s names twelve months, each at least once, lower case without a final dot', (_code, l) => {
    expect(l.months).toHaveLength(12);
    for (const names of l.months) {
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(n).toBe(n.toLowerCase().replace(/\.$/, ''));
    }
  });

  test('no spelling names two different months across languages', () => {
    const month = new Map<string, number>();
    for (const l of LANGUAGES) l.months.forEach((names, i) => names.forEach((n) => {
      expect([undefined, i]).toContain(month.get(n));
      month.set(n, i);
    }));
  });

  test.each(LANGUAGES.flatMap((l) => l.months.flatMap((names, i) => names.map((n) => [l.code, n, i + 1] as const))))('%s "%s" reads as month %i', (_code, name, month) => {
    const [d] = findDates(`15 ${name} 2024`, 'dmy');
    expect(d?.iso).toBe(`2024-${String(month).padStart(2, '0')}-15`);
  });
});

describe('dates written with connector words', () => {
  test.each([
    ['10 de diciembre de 2023', '2023-12-10'],
    ['3 de março de 2024', '2024-03-03'],
    ['1 de enero del 2025', '2025-01-01'],
  ])('"%s" reads as %s', (text, iso) => {
    expect(findDates(text, 'dmy').map((d) => d.iso)).toEqual([iso]);
  });

  test('Hungarian dates put the year first, in words and in numbers', () => {
    expect(findDates('Számla kelte: 2026. március 5.', 'dmy').map((d) => d.iso)).toEqual(['2026-03-05']);
    expect(findDates('2026. márc. 5-én', 'dmy').map((d) => d.iso)).toEqual(['2026-03-05']);
    expect(findDates('KELT: 2026. MARCIUS 15. 12 db', 'dmy').map((d) => d.iso)).toEqual(['2026-03-15']);
    expect(findDates('Fizetési határidő: 2026. 03. 20.', 'dmy').map((d) => d.iso)).toEqual(['2026-03-20']);
    // no dot after the year: an amount before a month-first date is not its year
    expect(findDates('2000 June 3, 2024', 'dmy').map((d) => d.iso)).toEqual(['2024-06-03']);
  });

  test('Finnish and Turkish month names as printed and as the English model reads them', () => {
    expect(findDates('Eräpäivä 22. toukokuuta 2024', 'dmy').map((d) => d.iso)).toEqual(['2024-05-22']);
    expect(findDates('5 KASIM 2024', 'dmy').map((d) => d.iso)).toEqual(['2024-11-05']);
    expect(findDates('5 Kasım 2024', 'dmy').map((d) => d.iso)).toEqual(['2024-11-05']);
    expect(findDates('12 ŞUBAT 2024', 'dmy').map((d) => d.iso)).toEqual(['2024-02-12']);
  });

  test('a connector word alone does not make a date of unrelated numbers', () => {
    expect(findDates('12 de 2023 unidades', 'dmy')).toEqual([]);
  });
});

describe('numeric date order as language data', () => {
  test('every language but English writes numeric dates day first or states none; English states none (US month first, elsewhere day first)', () => {
    for (const l of LANGUAGES) expect([undefined, 'dmy']).toContain(l.numericDateOrder);
    expect(LANGUAGES.find((l) => l.code === 'en')!.numericDateOrder).toBeUndefined();
    expect(LANGUAGES.filter((l) => ['fr', 'de', 'es', 'it', 'nl', 'pt'].includes(l.code)).map((l) => l.numericDateOrder)).toEqual(Array(6).fill('dmy'));
  });
});
