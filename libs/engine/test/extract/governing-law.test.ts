import { compileSchema, extractFromDocument } from '../../src/index.js';
import { doc } from '../helpers/doc.js';

const schema = {
  type: 'object',
  properties: {
    governing_law: { type: ['string', 'null'], description: "US state or country whose law governs the contract (e.g. 'New York', 'Delaware')." },
  },
};

const run = (...pages: string[][]) => extractFromDocument(doc(...pages), compileSchema(schema)).data.governing_law;

// the CUAD-style description, whose example asks for a region together with its country
const regionSchema = {
  type: 'object',
  properties: {
    governing_law: { type: ['string', 'null'], description: "US state or country/province whose law governs the contract (e.g. 'New York', 'Ontario, Canada')." },
  },
};
const runRegion = (...pages: string[][]) => extractFromDocument(doc(...pages), compileSchema(regionSchema)).data.governing_law;

describe('governing law', () => {
  test('the state a party is organized under is not the law the agreement chooses', () => {
    expect(run([
      'SUPPLY AGREEMENT',
      'Acme is a corporation duly organized, validly existing and in good standing under the laws of the State of Delaware.',
      'Each party shall perform its obligations under this Agreement in good faith.',
      'This Agreement shall be governed by, and construed in accordance with, the laws of the State of California.',
    ])).toBe('California');
  });

  test('a governing-law clause written in capitals is read', () => {
    expect(run([
      'SUPPLY AGREEMENT',
      'Notices to the Company shall be sent to 450 Park Avenue, New York, New York 10022.',
      'THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF DELAWARE, WITHOUT GIVING EFFECT TO ITS CHOICE OF LAW PRINCIPLES.',
    ])).toBe('Delaware');
  });

  test('without a chosen law, the state of organization is preferred to a residence', () => {
    expect(run([
      'This Agreement is made by and between Envirometrics Products Company, a corporation organized under the laws of the State of South Carolina, and Tom Wilkie, an individual resident of the State of North Carolina.',
    ])).toBe('South Carolina');
  });

  test('every law the governing clauses choose is returned, joined by semicolons', () => {
    expect(run([
      'DISTRIBUTION AGREEMENT',
      'Notices shall be sent to the Distributor at 12 Harbour Road, Singapore.',
      'This Agreement shall be governed by, and construed in accordance with, the laws of the State of Oregon and the laws of Belgium.',
      'Schedule 2. The supply terms of this Agreement for Asia shall be governed by Singapore law.',
    ])).toBe('Oregon; Belgium; Singapore');
  });

  test('a province is given with its country when the description shows that form', () => {
    expect(runRegion([
      'CONSULTING AGREEMENT',
      'This Agreement shall be governed by and construed in accordance with the laws of the Province of Alberta.',
    ])).toBe('Alberta, Canada');
  });

  test('a country printed beside its own province is not a second jurisdiction', () => {
    expect(runRegion([
      'CONSULTING AGREEMENT',
      'This Agreement shall be governed by the laws of the Province of Ontario, Canada, without regard to conflict of laws.',
    ])).toBe('Ontario, Canada');
  });

  test('England and Wales are two jurisdictions, each with its country, in the region-and-country form', () => {
    expect(runRegion([
      'LICENCE AGREEMENT',
      'This Agreement will be governed by and construed in accordance with the laws of England and Wales.',
    ])).toBe('England, United Kingdom; Wales, United Kingdom');
  });

  test('a place name broken across lines is read as one place', () => {
    expect(run([
      'MANUFACTURING AGREEMENT',
      'Manufacturer is a company organized and existing under the laws of China, with its head office in Chongqing, China.',
      'This Agreement shall be governed by and construed under the laws of Hong',
      'Kong without regard to choice of laws principles.',
    ])).toBe('Hong Kong');
  });

  test('a law chosen for something other than the agreement (a legal opinion) is not the governing law', () => {
    expect(run([
      'UNDERWRITING AGREEMENT',
      'This Agreement shall be governed by the laws of the State of New York.',
      "Such counsel's opinion shall be limited to matters governed by federal laws and by the laws of Tennessee.",
    ])).toBe('New York');
  });

  test('a place named in a governing clause but not as its law (accounting principles) is not the governing law', () => {
    expect(run([
      'UNDERWRITING AGREEMENT',
      'This Agreement shall be governed by the laws of the State of New York.',
      'Financial terms of this Agreement for sales outside the United States shall be governed by and determined in accordance with Canada generally accepted accounting principles.',
    ])).toBe('New York');
  });

  test('a governing-law section that only names the courts gives their places', () => {
    expect(run([
      'SERVICES AGREEMENT between Alpha B.V., Keizersgracht 1, Amsterdam, and Beta Inc., 1 Main Street, Austin, Texas',
      '13. GOVERNING LAW Any lawsuit relating to this Agreement may be initiated in a court located in the State of Oregon or in any court in Belgium.',
      '14. INSURANCE Each party shall keep adequate insurance.',
    ])).toBe('Oregon; Belgium');
  });
});
