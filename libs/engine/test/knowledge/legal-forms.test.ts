import { LEGAL_FORMS, legalFormsPattern } from '../../src/knowledge/legal-forms/index.js';

const form = (opts?: Parameters<typeof legalFormsPattern>[0], flags = '') => new RegExp(`\\b${legalFormsPattern(opts)}\\b\\.?`, flags);

/** Every spelling the engine's five separate lists held before they became one. */
const OLD_SPELLINGS = ['Inc', 'INC', 'Incorporated', 'Corp', 'Corporation', 'Company', 'COMPANY', 'Co', 'CO', 'LLC', 'L.L.C', 'Ltd', 'LTD', 'Limited', 'LIMITED',
  'LLP', 'L.P', 'LP', 'PLC', 'plc', 'GmbH', 'AG', 'N.V', 'NV', 'B.V', 'BV', 'S.A', 'SA', 'S.p.A', 'SAS', 'SARL', 'Sarl', 'S.r.l', 'Pty', 'Pte', 'Sdn Bhd',
  'Sdn. Bhd', 'SDN BHD', 'SDN. BHD', 'BHD', 'Bhd', 'S/B', 'Aktiengesellschaft', 'AKTIENGESELLSCHAFT', 'KG', 'Oy', 'AB', 'A/S', 'ASA', 'ApS', 'e.K', 'UG',
  'S.L', 'Ltda', 'Kft', 'sp. z o.o'];

describe('legal forms', () => {
  test('every spelling of the former lists is a legal form (capitals allowed)', () => {
    const re = form({ capitals: true });
    expect(OLD_SPELLINGS.filter((s) => !re.test(`ACME ${s}`))).toEqual([]);
  });

  test('forms of the seven languages\' countries are known', () => {
    const re = form();
    for (const s of ['GmbH', 'SARL', 'S.L.', 'S.r.l.', 'Lda', 'B.V.', 'Ltd']) expect(re.test(`Acme ${s}`)).toBe(true);
  });

  test('a spelling in capitals is a form only when capitals are asked for', () => {
    expect(form().test('ACME GMBH')).toBe(false);
    expect(form({ capitals: true }).test('ACME GMBH')).toBe(true);
  });

  test('trade and institution words end a name only when asked for', () => {
    expect(form().test('Lim Trading')).toBe(false);
    expect(form({ words: ['business'] }).test('Lim Trading')).toBe(true);
    expect(form({ words: ['institution'] }).test('First Bank')).toBe(true);
  });

  test('an abbreviation of three or four capitals is a form with dots too ("V.O.F.", "P.L.C."), two capitals are not ("A.B.")', () => {
    const re = form();
    for (const t of ['Van Dijk Installatietechniek V.O.F.', 'Harbour P.L.C.', 'Atelier Morel E.U.R.L.']) expect([t, re.test(t)]).toEqual([t, true]);
    expect(re.test('Prepared by A.G. Smith')).toBe(false);
  });

  test('a form inside a longer word is not a form', () => {
    expect(form({ capitals: true }).test('AGREEMENT')).toBe(false);
  });

  test('a form that is also a word ("AS", "Ky") is one only as written and where it ends a name', () => {
    const re = form({ capitals: true }, 'i');
    for (const t of ['Posten Norge AS', 'Kiwi Norge AS, Oslo', 'Fjordkraft Trykk AS (org.nr.)', 'Leipomo Virtanen Ky', 'Bakeriet Berg ANS']) expect([t, re.test(t)]).toEqual([t, true]);
    for (const t of ['SAME AS CASH', 'such as the goods', 'Louisville, KY 40202', 'durée de 3 ans, renouvelable', 'Kiwi Norge as']) expect([t, re.test(t)]).toEqual([t, false]);
  });

  test('the forms of Denmark, Norway, Finland, Romania, Hungary and Turkey are known', () => {
    const re = form();
    for (const s of ['ApS', 'A/S', 'I/S', 'ASA', 'ENK', 'Oy', 'Oyj', 'S.R.L.', 'SRL', 'PFA', 'S.A.', 'Kft.', 'Zrt.', 'Nyrt.', 'Bt.', 'Ltd. Şti.', 'Ltd. Sti.']) expect([s, re.test(`Acme ${s}`)]).toEqual([s, true]);
  });

  test('the forms of Ireland are known ("DAC", "CLG"); "UC" only where it ends a name', () => {
    const re = form();
    for (const s of ['Brennan Building Services Group DAC', 'Dublin Youth Theatre CLG', 'Acme Holdings ULC', 'Acme Unlimited UC']) expect([s, re.test(s)]).toEqual([s, true]);
    expect(re.test('UC Berkeley')).toBe(false);
  });

  test('the sole traders of Germany and Austria are known ("e.K.", "e.U.")', () => {
    const re = form();
    for (const s of ['Softwareentwicklung Lorenz e.K.', 'Bürobedarf Schreiber e.U.']) expect([s, re.test(s)]).toEqual([s, true]);
  });

  test('every form names the countries that use it', () => {
    for (const f of LEGAL_FORMS) expect(f.countries.length).toBeGreaterThan(0);
  });
});
