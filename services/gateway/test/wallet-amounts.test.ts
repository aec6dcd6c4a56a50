import { usd } from '../src/wallet/wallet.controller.js';

test.each([
  ['0', '0.00'],
  ['20000', '0.02'],
  ['20000000', '20.00'],
  ['12345678', '12.345678'],
  ['1500000', '1.50'],
  ['-20000', '-0.02'],
])('%s micro-USD renders as %s', (micros, expected) => {
  expect(usd(micros)).toBe(expected);
});
