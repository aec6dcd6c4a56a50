import type { Language } from './language.js';

/**
 * Danish. Its function words are chosen to tell it from Norwegian Bokmål and Swedish, which share most of their
 * vocabulary: "af", "efter", "mellem", "uden", "bliver", "hvad", "nu", "mig" (Norwegian "av", "etter", "mellom",
 * "uten", "blir", "hva", "nå", "meg"; Swedish "och", "inte", "mellan", "utan").
 */
export const da: Language = {
  code: 'da',
  name: 'Danish',
  tesseract: 'dan',
  functionWords: [
    'og', 'ikke', 'af', 'det', 'den', 'de', 'et', 'er', 'til', 'på', 'med', 'som', 'har', 'kan', 'vi', 'jeg', 'fra',
    'eller', 'men', 'også', 'efter', 'hvis', 'ved', 'om', 'hos', 'mellem', 'uden', 'denne', 'dette', 'disse', 'vores',
    'jeres', 'jer', 'deres', 'bliver', 'blev', 'være', 'været', 'skal', 'vil', 'venligst', 'tak', 'hvor', 'når', 'nu',
    'hvad', 'mig', 'dig', 'sig', 'dag', 'dage', 'samt', 'inden', 'senest', 'heraf', 'ifølge', 'kun', 'ingen', 'alle',
    'hvilket', 'hermed', 'bedes',
  ],
  letters: 'æøå',
  months: [
    ['januar', 'jan'],
    ['februar', 'feb'],
    ['marts', 'mar'],
    ['april', 'apr'],
    ['maj'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
