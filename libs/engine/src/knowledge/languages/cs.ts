import type { Language } from './language.js';

export const cs: Language = {
  code: 'cs',
  name: 'Czech',
  tesseract: 'ces',
  functionWords: [
    've', 'na', 'se', 'je', 'ze', 'do', 'ke', 'so', 'pro', 'od', 'po', 'za', 'při', 'jako', 'ale', 'nebo', 'že',
    'to', 'ten', 'ta', 'tento', 'tato', 'toto', 'které', 'který', 'která', 'jsou', 'být', 'bude', 'byl', 'byla',
    'bylo', 'není', 'také', 'již', 'jen', 'pouze', 'může', 'jeho', 'její', 'jejich', 'vám', 'vás', 'váš', 'vaše',
    'nás', 'náš', 'naše', 'děkujeme', 'prosíme', 'dle', 'podle', 'bez', 'mezi', 'před', 'nad', 'pod', 'či', 'aby',
    'pokud', 'kč',
  ],
  letters: 'áčďéěíňóřšťúůýž',
  months: [
    ['leden', 'ledna'],
    ['únor', 'února'],
    ['březen', 'března'],
    ['duben', 'dubna'],
    ['květen', 'května'],
    ['červen', 'června'],
    ['červenec', 'července'],
    ['srpen', 'srpna'],
    ['září'],
    ['říjen', 'října'],
    ['listopad', 'listopadu'],
    ['prosinec', 'prosince'],
  ],
  dateConnectors: [],
  numericDateOrder: 'dmy',
};
