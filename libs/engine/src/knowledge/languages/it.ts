import type { Language } from './language.js';

export const it: Language = {
  code: 'it',
  name: 'Italian',
  tesseract: 'ita',
  functionWords: [
    'il', 'lo', 'la', 'gli', 'le', 'di', 'del', 'della', 'dei', 'delle', 'degli', 'dello', 'dell', 'un', 'uno',
    'una', 'ed', 'in', 'al', 'alla', 'ai', 'alle', 'allo', 'agli', 'da', 'dal', 'dalla', 'dai', 'dalle', 'per',
    'con', 'su', 'sul', 'sulla', 'sui', 'tra', 'fra', 'che', 'non', 'si', 'sono', 'come', 'più', 'ma', 'anche',
    'questo', 'questa', 'questi', 'queste', 'quello', 'quella', 'nel', 'nella', 'nei', 'nelle', 'nello', 'se',
    'suo', 'sua', 'suoi', 'sue', 'loro', 'nostro', 'nostra', 'vostro', 'vostra', 'ha', 'hanno', 'essere', 'stato',
    'può', 'ogni', 'tutto', 'tutti', 'tutte', 'dopo', 'prima', 'senza', 'presso', 'grazie', 'ci', 'vi', 'ne', 'io',
    'noi', 'voi', 'lei', 'lui', 'mio', 'mia', 'cui', 'qualsiasi', 'ovvero', 'oppure', 'quale', 'quali', 'ossia',
  ],
  letters: 'àèéìòù',
  months: [
    ['gennaio', 'gen'],
    ['febbraio', 'feb'],
    ['marzo', 'mar'],
    ['aprile', 'apr'],
    ['maggio', 'mag'],
    ['giugno', 'giu'],
    ['luglio', 'lug'],
    ['agosto', 'ago'],
    ['settembre', 'set', 'sett'],
    ['ottobre', 'ott'],
    ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
