import type { Language } from './language.js';

/**
 * Turkish. The dotless "ı" has no accent to fold away, and the English model reads it as "i": words and months
 * that hold it are listed both ways ("tarafından", "tarafindan"; "kasım", "kasim"), as are those with "ş", "ğ",
 * "ü" where only their accent-less form would otherwise match ("şubat", "subat").
 */
export const tr: Language = {
  code: 'tr',
  name: 'Turkish',
  tesseract: 'tur',
  functionWords: [
    've', 'bir', 'bu', 'ile', 'için', 'olan', 'olarak', 'gibi', 'daha', 'çok', 'veya', 'ama', 'fakat', 'ancak', 'kadar',
    'sonra', 'önce', 'şu', 'ki', 'mi', 'değil', 'var', 'yok', 'tarafından', 'tarafindan', 'göre', 'ait', 'dahil',
    'hariç', 'teşekkür', 'ederiz', 'sayın', 'sayin', 'itibaren', 'içinde', 'üzerinden', 'yalnız', 'yalniz', 'adına',
    'adina', 'olup', 'ise', 'şekilde', 'tüm', 'ya', 'bizi', 'tercih', 'ettiğiniz', 'ettiginiz',
  ],
  letters: 'çğıöşü',
  months: [
    ['ocak', 'oca'],
    ['şubat', 'subat', 'şub', 'sub'],
    ['mart', 'mar'],
    ['nisan', 'nis'],
    ['mayıs', 'mayis', 'may'],
    ['haziran', 'haz'],
    ['temmuz', 'tem'],
    ['ağustos', 'agustos', 'ağu', 'agu'],
    ['eylül', 'eylul', 'eyl'],
    ['ekim', 'eki'],
    ['kasım', 'kasim', 'kas'],
    ['aralık', 'aralik', 'ara'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
