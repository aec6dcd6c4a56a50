import { findDates } from '../../src/normalize/dates.js';

describe('dates after a number ending the line before', () => {
  test('"Exhibit 7.1 / March 21, 2011" is March 21, 2011, not 1 March 2021', () => {
    const got = findDates('Exhibit 7.1\n\nMarch 21, 2011\n\nLeonard Green & Partners', 'mdy');
    expect(got.map((d) => d.iso)).toEqual(['2011-03-21']);
  });

  test('a day-first date with a two-digit year is still read when no full month-first date follows', () => {
    expect(findDates('Signed on 1 March 21 in London', 'dmy').map((d) => d.iso)).toEqual(['2021-03-01']);
  });
});
