import type { Language } from './language.js';

export const en: Language = {
  code: 'en',
  name: 'English',
  tesseract: 'eng',
  functionWords: [
    'the', 'of', 'and', 'to', 'in', 'is', 'for', 'on', 'with', 'as', 'by', 'at', 'from', 'this', 'that', 'be',
    'are', 'was', 'were', 'it', 'an', 'or', 'not', 'you', 'your', 'we', 'our', 'us', 'will', 'shall', 'has', 'have',
    'had', 'which', 'who', 'whom', 'all', 'any', 'such', 'if', 'its', 'their', 'they', 'them', 'there', 'these',
    'those', 'been', 'but', 'can', 'into', 'out', 'other', 'than', 'then', 'upon', 'under', 'each', 'between',
    'would', 'should', 'must', 'please', 'thank', 'here', 'more', 'only', 'also', 'about', 'after', 'before',
    'through', 'within', 'without', 'where', 'when', 'what', 'how', 'his', 'her', 'him', 'she', 'he', 'my', 'me',
    'so', 'do', 'does', 'up', 'over', 'same', 'hereby', 'thereof', 'herein', 'being', 'could', 'may', 'per',
  ],
  letters: '',
  months: [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dateConnectors: [],
};
