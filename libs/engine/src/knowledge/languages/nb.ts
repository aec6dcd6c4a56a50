import type { Language } from './language.js';

/**
 * Norwegian Bokmål (Tesseract's `nor`). Its function words are chosen to tell it from Danish and Swedish, which
 * share most of their vocabulary: "ikke" with "av", "etter", "mellom", "uten", "blir", "ble", "hva", "nå", "meg",
 * "dere" (Danish "af", "efter", "mellem", "uden", "bliver", "blev", "hvad", "nu", "mig", "jer"; Swedish "inte",
 * "och").
 */
export const nb: Language = {
  code: 'nb',
  name: 'Norwegian Bokmål',
  tesseract: 'nor',
  functionWords: [
    'og', 'ikke', 'av', 'det', 'den', 'de', 'et', 'er', 'til', 'på', 'med', 'som', 'har', 'kan', 'vi', 'jeg', 'fra',
    'eller', 'men', 'også', 'etter', 'hvis', 'ved', 'om', 'hos', 'mellom', 'uten', 'denne', 'dette', 'disse', 'vår',
    'vårt', 'våre', 'dere', 'deres', 'blir', 'ble', 'være', 'vært', 'skal', 'vil', 'vennligst', 'takk', 'hvor', 'når',
    'nå', 'hva', 'meg', 'deg', 'seg', 'dag', 'dager', 'samt', 'innen', 'senest', 'herav', 'ifølge', 'kun', 'ingen',
    'alle', 'hvilket', 'herved', 'bes',
  ],
  letters: 'æøå',
  months: [
    ['januar', 'jan'],
    ['februar', 'feb'],
    ['mars', 'mar'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['desember', 'des'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
