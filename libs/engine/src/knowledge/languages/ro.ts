import type { Language } from './language.js';

/**
 * Romanian. "ș" and "ț" are printed with a comma below or, in older fonts, a cedilla ("ş", "ţ"): both are listed
 * as letters; words fold to plain "s" and "t" either way. "în" is left out of the function words: without its
 * accent (as the English model reads it) it is the "in" of English, German, Dutch and Italian.
 */
export const ro: Language = {
  code: 'ro',
  name: 'Romanian',
  tesseract: 'ron',
  functionWords: [
    'și', 'la', 'cu', 'pe', 'din', 'care', 'nu', 'este', 'sunt', 'pentru', 'prin', 'sau', 'dar', 'că', 'această',
    'acest', 'aceasta', 'către', 'până', 'după', 'fără', 'între', 'vă', 'noi', 'dumneavoastră', 'dvs', 'vom', 'fost',
    'va', 'au', 'avem', 'unui', 'unei', 'unul', 'ale', 'lui', 'lor', 'său', 'sale', 'conform', 'mulțumim',
    'mulțumesc', 'rugăm', 'privind', 'asupra', 'inclusiv', 'fiecare', 'toate', 'acestui', 'acestei',
  ],
  letters: 'ăâîșțşţ',
  months: [
    ['ianuarie', 'ian'],
    ['februarie', 'feb'],
    ['martie', 'mar'],
    ['aprilie', 'apr'],
    ['mai'],
    ['iunie', 'iun'],
    ['iulie', 'iul'],
    ['august', 'aug'],
    ['septembrie', 'sep', 'sept'],
    ['octombrie', 'oct'],
    ['noiembrie', 'noi', 'nov'],
    ['decembrie', 'dec'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
