import type { Language } from './language.js';

export const nl: Language = {
  code: 'nl',
  name: 'Dutch',
  tesseract: 'nld',
  functionWords: [
    'de', 'het', 'een', 'en', 'van', 'in', 'op', 'te', 'dat', 'die', 'voor', 'met', 'is', 'zijn', 'niet', 'aan',
    'er', 'om', 'als', 'ook', 'bij', 'door', 'naar', 'maar', 'uit', 'tot', 'nog', 'over', 'dan', 'wordt', 'worden',
    'kan', 'of', 'uw', 'ons', 'onze', 'wij', 'we', 'ze', 'zij', 'hij', 'haar', 'hun', 'deze', 'dit', 'wat', 'wel',
    'geen', 'meer', 'na', 'tussen', 'zonder', 'onder', 'tegen', 'binnen', 'alle', 'heeft', 'hebben', 'werd', 'zal',
    'zullen', 'moet', 'bedankt', 'graag', 'dank', 'ik', 'mij', 'mijn', 'jij', 'je', 'jouw', 'hem', 'welke', 'waar',
    'wanneer', 'hierbij', 'daarvan', 'omdat', 'toe', 'al', 'nu', 'zo', 'reeds', 'zoals', 'vanaf', 'betreft',
  ],
  letters: 'ëïĳ',
  months: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maart', 'mrt'],
    ['april', 'apr'],
    ['mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augustus', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
