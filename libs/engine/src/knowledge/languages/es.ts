import type { Language } from './language.js';

export const es: Language = {
  code: 'es',
  name: 'Spanish',
  tesseract: 'spa',
  functionWords: [
    'el', 'la', 'los', 'las', 'de', 'del', 'un', 'una', 'unos', 'unas', 'en', 'por', 'para', 'con', 'sin', 'sobre',
    'entre', 'que', 'es', 'son', 'se', 'su', 'sus', 'al', 'lo', 'le', 'les', 'como', 'más', 'pero', 'este', 'esta',
    'estos', 'estas', 'ese', 'esa', 'esos', 'esas', 'muy', 'ya', 'no', 'si', 'sí', 'hasta', 'desde', 'cuando',
    'donde', 'nuestro', 'nuestra', 'nuestros', 'usted', 'ustedes', 'fue', 'ha', 'han', 'hay', 'está', 'están',
    'ser', 'será', 'según', 'también', 'cada', 'todo', 'todos', 'toda', 'todas', 'otra', 'otro', 'gracias',
    'mediante', 'cual', 'cuales', 'dicho', 'dicha', 'yo', 'nosotros', 'ellos', 'ellas', 'él', 'ella', 'mi', 'mis',
    'tu', 'tus', 'porque', 'aunque', 'durante', 'hacia', 'tras', 'ni', 'sea', 'sido', 'estar', 'tiene', 'tienen',
  ],
  letters: 'áéíñóúü',
  months: [
    ['enero', 'ene'],
    ['febrero', 'feb'],
    ['marzo', 'mar'],
    ['abril', 'abr'],
    ['mayo', 'may'],
    ['junio', 'jun'],
    ['julio', 'jul'],
    ['agosto', 'ago'],
    ['septiembre', 'setiembre', 'sep', 'sept', 'set'],
    ['octubre', 'oct'],
    ['noviembre', 'nov'],
    ['diciembre', 'dic'],
  ],
  dateConnectors: ['de', 'del'],
  numericDateOrder: 'dmy',
};
