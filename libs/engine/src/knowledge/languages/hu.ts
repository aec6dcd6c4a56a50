import type { Language } from './language.js';

/**
 * Hungarian. Dates put the year first: "2026. március 5.", "2026. márc. 5.", "2026.03.05." (normalize/dates.ts
 * reads the year-first form in words). Months are listed with the spellings OCR reads without accents
 * ("marcius"); "is", "be" and "el" are left out of the function words, being English and Spanish words too.
 */
export const hu: Language = {
  code: 'hu',
  name: 'Hungarian',
  tesseract: 'hun',
  functionWords: [
    'az', 'és', 'hogy', 'nem', 'egy', 'van', 'volt', 'meg', 'csak', 'már', 'még', 'mint', 'vagy', 'ha', 'ez', 'azt',
    'ezt', 'által', 'szerint', 'után', 'előtt', 'alatt', 'között', 'kérjük', 'köszönjük', 'önnek', 'ön', 'részére',
    'számára', 'valamint', 'illetve', 'nincs', 'lesz', 'kell', 'minden', 'napon', 'belül', 'alapján', 'szíveskedjen',
    'tehát', 'amely', 'aki', 'ami', 'ennek', 'annak',
  ],
  letters: 'áéíóöőúüű',
  months: [
    ['január', 'januar', 'jan'],
    ['február', 'februar', 'febr'],
    ['március', 'marcius', 'márc', 'marc'],
    ['április', 'aprilis', 'ápr'],
    ['május', 'majus', 'máj'],
    ['június', 'junius', 'jún'],
    ['július', 'julius', 'júl'],
    ['augusztus', 'aug'],
    ['szeptember', 'szept'],
    ['október', 'oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dateConnectors: [],
};
