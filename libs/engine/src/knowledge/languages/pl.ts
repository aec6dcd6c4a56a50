import type { Language } from './language.js';

export const pl: Language = {
  code: 'pl',
  name: 'Polish',
  tesseract: 'pol',
  functionWords: [
    'na', 'do', 'nie', 'się', 'że', 'od', 'po', 'za', 'przez', 'dla', 'jest', 'są', 'być', 'to', 'ten', 'ta', 'te',
    'tego', 'tej', 'tym', 'który', 'która', 'które', 'którego', 'jak', 'ale', 'lub', 'oraz', 'jako', 'przy', 'pod',
    'nad', 'bez', 'także', 'również', 'może', 'można', 'jego', 'jej', 'ich', 'nas', 'was', 'wam', 'pan', 'pani',
    'państwo', 'prosimy', 'dziękujemy', 'zł', 'tylko', 'już', 'jeszcze', 'bardzo', 'będzie', 'został', 'została',
    'zostało', 'zgodnie', 'wraz', 'ze', 'we', 'co', 'czy', 'gdy', 'jeśli',
  ],
  letters: 'ąćęłńóśźż',
  months: [
    ['styczeń', 'stycznia', 'sty'],
    ['luty', 'lutego', 'lut'],
    ['marzec', 'marca', 'mar'],
    ['kwiecień', 'kwietnia', 'kwi'],
    ['maj', 'maja'],
    ['czerwiec', 'czerwca', 'cze'],
    ['lipiec', 'lipca', 'lip'],
    ['sierpień', 'sierpnia', 'sie'],
    ['wrzesień', 'września', 'wrz'],
    ['październik', 'października', 'paź'],
    ['listopad', 'listopada', 'lis'],
    ['grudzień', 'grudnia', 'gru'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
