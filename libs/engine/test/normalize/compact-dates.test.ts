import { findDates } from '../../src/normalize/dates.js';

test.each([
  ['Date: 21Mar2011 10:32', '2011-03-21'],
  ['DATE 5dec19', '2019-12-05'],
  ['Paid 30SEPTEMBER2020', '2020-09-30'],
])('a day, an English month abbreviation and a year run together are a date: %s', (text, iso) => {
  expect(findDates(text).map((d) => d.iso)).toContain(iso);
});
