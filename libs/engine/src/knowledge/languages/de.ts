import type { Language } from './language.js';

export const de: Language = {
  code: 'de',
  name: 'German',
  tesseract: 'deu',
  functionWords: [
    'der', 'die', 'das', 'und', 'in', 'zu', 'den', 'von', 'mit', 'sich', 'des', 'auf', 'für', 'ist', 'im', 'dem',
    'nicht', 'ein', 'eine', 'als', 'auch', 'es', 'an', 'werden', 'aus', 'er', 'hat', 'dass', 'sie', 'nach', 'wird',
    'bei', 'einer', 'um', 'am', 'sind', 'noch', 'wie', 'einem', 'über', 'einen', 'so', 'zum', 'war', 'haben', 'nur',
    'oder', 'aber', 'vor', 'zur', 'bis', 'mehr', 'durch', 'man', 'sein', 'wurde', 'sei', 'wenn', 'ihr', 'ihre',
    'ihren', 'ihrer', 'ihnen', 'wir', 'uns', 'unser', 'unsere', 'unserer', 'sowie', 'gemäß', 'bzw', 'zzgl', 'inkl',
    'bitte', 'vom', 'diese', 'dieser', 'dieses', 'kann', 'können', 'muss', 'keine', 'kein', 'ohne', 'unter', 'gegen',
    'zwischen', 'innerhalb', 'danke', 'sehr', 'ab', 'je', 'alle', 'welche', 'hiermit', 'wurden', 'worden', 'ich',
    'mich', 'mir', 'dich', 'dir', 'euch', 'sowohl', 'weder', 'jedoch', 'daher', 'dabei', 'hierzu',
  ],
  letters: 'äöüß',
  months: [
    ['januar', 'jänner', 'jan'],
    ['februar', 'feber', 'feb'],
    ['märz', 'maerz', 'mär', 'mrz'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['dezember', 'dez'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
