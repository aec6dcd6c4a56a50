import type { Language } from './language.js';

export const fr: Language = {
  code: 'fr',
  name: 'French',
  tesseract: 'fra',
  functionWords: [
    'le', 'la', 'les', 'de', 'des', 'du', 'un', 'une', 'et', 'en', 'au', 'aux', 'pour', 'par', 'sur', 'dans',
    'avec', 'est', 'sont', 'ce', 'cette', 'ces', 'cet', 'qui', 'que', 'dont', 'ou', 'où', 'il', 'elle', 'ils',
    'elles', 'nous', 'vous', 'votre', 'vos', 'notre', 'nos', 'leur', 'leurs', 'son', 'sa', 'ses', 'pas', 'ne',
    'plus', 'sans', 'sous', 'entre', 'chez', 'été', 'être', 'avoir', 'avons', 'avez', 'ont', 'fait', 'peut', 'tout',
    'tous', 'toute', 'toutes', 'selon', 'après', 'avant', 'lors', 'afin', 'ainsi', 'également', 'si', 'mais',
    'comme', 'je', 'me', 'mon', 'ma', 'mes', 'se', 'auprès', 'merci', 'veuillez', 'ci', 'aussi', 'dès', 'jusqu',
    'lequel', 'laquelle', 'lesquels', 'ledit', 'ladite', 'celle', 'celui', 'ceux', 'cela', 'ceci', 'très',
  ],
  letters: 'àâçéèêëîïôùûœ',
  months: [
    ['janvier', 'janv'],
    ['février', 'fevrier', 'févr', 'fevr', 'fév', 'fev'],
    ['mars'],
    ['avril', 'avr'],
    ['mai'],
    ['juin'],
    ['juillet', 'juil'],
    ['août', 'aout'],
    ['septembre', 'sept'],
    ['octobre', 'oct'],
    ['novembre', 'nov'],
    ['décembre', 'decembre', 'déc', 'dec'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
