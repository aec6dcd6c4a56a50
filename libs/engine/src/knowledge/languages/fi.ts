import type { Language } from './language.js';

/**
 * Finnish. Dates in words put the month in the partitive ("5. maaliskuuta 2026"), the nominative on headings and
 * periods ("maaliskuu 2026"); both are listed, with the forms OCR reads without "ä" ("kesakuuta").
 */
export const fi: Language = {
  code: 'fi',
  name: 'Finnish',
  tesseract: 'fin',
  functionWords: [
    'ja', 'ei', 'että', 'tai', 'kuin', 'mutta', 'myös', 'ovat', 'oli', 'ole', 'olla', 'tämä', 'tämän', 'nämä', 'joka',
    'jotka', 'jos', 'kun', 'sekä', 'vain', 'ennen', 'jälkeen', 'mukaan', 'kanssa', 'ilman', 'yli', 'kiitos', 'teidän',
    'meidän', 'olemme', 'voi', 'asti', 'noin', 'sen', 'niin', 'kaikki', 'olkaa', 'hyvä', 'päivää', 'päivän', 'mennessä',
    'osalta', 'koskien', 'lisäksi', 'siitä', 'tästä',
  ],
  letters: 'äö',
  months: [
    ['tammikuu', 'tammikuuta', 'tammik'],
    ['helmikuu', 'helmikuuta', 'helmik'],
    ['maaliskuu', 'maaliskuuta', 'maalisk'],
    ['huhtikuu', 'huhtikuuta', 'huhtik'],
    ['toukokuu', 'toukokuuta', 'toukok'],
    ['kesäkuu', 'kesäkuuta', 'kesakuu', 'kesakuuta', 'kesäk', 'kesak'],
    ['heinäkuu', 'heinäkuuta', 'heinakuu', 'heinakuuta', 'heinäk', 'heinak'],
    ['elokuu', 'elokuuta', 'elok'],
    ['syyskuu', 'syyskuuta', 'syysk'],
    ['lokakuu', 'lokakuuta', 'lokak'],
    ['marraskuu', 'marraskuuta', 'marrask'],
    ['joulukuu', 'joulukuuta', 'jouluk'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
