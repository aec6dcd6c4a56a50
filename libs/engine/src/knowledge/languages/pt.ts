import type { Language } from './language.js';

export const pt: Language = {
  code: 'pt',
  name: 'Portuguese',
  tesseract: 'por',
  functionWords: [
    'os', 'as', 'de', 'do', 'da', 'dos', 'das', 'um', 'uma', 'uns', 'umas', 'em', 'no', 'na', 'nos', 'nas', 'por',
    'para', 'pelo', 'pela', 'pelos', 'pelas', 'com', 'sem', 'sobre', 'entre', 'que', 'são', 'se', 'seu', 'sua',
    'seus', 'suas', 'ao', 'aos', 'às', 'como', 'mais', 'mas', 'este', 'esta', 'estes', 'estas', 'esse', 'essa',
    'isso', 'isto', 'não', 'sim', 'já', 'até', 'desde', 'quando', 'onde', 'nosso', 'nossa', 'você', 'vocês', 'foi',
    'tem', 'têm', 'ser', 'será', 'pode', 'conforme', 'também', 'cada', 'todo', 'todos', 'toda', 'todas', 'obrigado',
    'obrigada', 'ou', 'eu', 'ele', 'ela', 'eles', 'elas', 'nós', 'meu', 'minha', 'qual', 'quais', 'porque', 'após',
    'durante', 'mesmo', 'muito', 'está', 'estão', 'foram', 'sido', 'deste', 'desta', 'neste', 'nesta', 'nele',
  ],
  letters: 'ãõáâêôçàéíóú',
  months: [
    ['janeiro', 'jan'],
    ['fevereiro', 'fev'],
    ['março', 'marco', 'mar'],
    ['abril', 'abr'],
    ['maio', 'mai'],
    ['junho', 'jun'],
    ['julho', 'jul'],
    ['agosto', 'ago'],
    ['setembro', 'set'],
    ['outubro', 'out'],
    ['novembro', 'nov'],
    ['dezembro', 'dez'],
  ],
  dateConnectors: ['de'],
  numericDateOrder: 'dmy',
};
