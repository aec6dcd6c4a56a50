import type { Language } from './language.js';

export const sv: Language = {
  code: 'sv',
  name: 'Swedish',
  tesseract: 'swe',
  functionWords: [
    'och', 'att', 'det', 'som', 'en', 'ett', 'på', 'är', 'av', 'för', 'med', 'till', 'den', 'de', 'om', 'har',
    'inte', 'kan', 'vi', 'ni', 'du', 'han', 'hon', 'man', 'från', 'eller', 'men', 'så', 'vid', 'efter', 'under',
    'över', 'mellan', 'utan', 'även', 'också', 'skall', 'ska', 'vara', 'var', 'blir', 'blev', 'denna', 'detta',
    'dessa', 'vår', 'vårt', 'våra', 'er', 'ert', 'era', 'tack', 'vänligen', 'hos', 'mot', 'enligt', 'samt', 'där',
    'här', 'när', 'alla', 'inom', 'dag', 'dagar',
  ],
  letters: 'åäö',
  months: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['mars', 'mar'],
    ['april', 'apr'],
    ['maj'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augusti', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
