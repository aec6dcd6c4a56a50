/**
 * Countries as printed on a document's own line (the last line of an address block, "Deutschland"): ISO 3166-1
 * alpha-2 code and the country's names in the languages the engine reads, lower case. A name that is also a
 * common word or a person's name ("Jordan", "Chad") is left out: a line holding only it would be misread.
 */
export interface Country {
  code: string;
  names: readonly string[];
}

export const COUNTRIES: readonly Country[] = [
  { code: 'US', names: ['united states', 'united states of america', 'usa', 'u.s.a.', 'u.s.a', 'etats-unis', 'états-unis', 'vereinigte staaten', 'estados unidos', 'stati uniti', 'verenigde staten', 'stany zjednoczone', 'spojené státy'] },
  { code: 'GB', names: ['united kingdom', 'uk', 'great britain', 'england', 'royaume-uni', 'vereinigtes königreich', 'reino unido', 'regno unito', 'verenigd koninkrijk', 'wielka brytania', 'velká británie', 'storbritannien'] },
  { code: 'DE', names: ['germany', 'deutschland', 'allemagne', 'alemania', 'germania', 'duitsland', 'alemanha', 'niemcy', 'německo', 'tyskland'] },
  { code: 'FR', names: ['france', 'frankreich', 'francia', 'frankrijk', 'frança', 'francja', 'francie', 'frankrike'] },
  { code: 'NL', names: ['netherlands', 'the netherlands', 'nederland', 'holland', 'pays-bas', 'niederlande', 'países bajos', 'paesi bassi', 'países baixos', 'holandia', 'nizozemsko', 'nederländerna'] },
  { code: 'BE', names: ['belgium', 'belgië', 'belgie', 'belgique', 'belgien', 'bélgica', 'belgio', 'belgia'] },
  { code: 'LU', names: ['luxembourg', 'luxemburg', 'luxemburgo', 'lussemburgo', 'luksemburg', 'lucembursko'] },
  { code: 'AT', names: ['austria', 'österreich', 'autriche', 'oostenrijk', 'áustria', 'rakousko', 'österrike'] },
  { code: 'CH', names: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'suiza', 'zwitserland', 'suíça', 'szwajcaria', 'švýcarsko'] },
  { code: 'IT', names: ['italy', 'italia', 'italie', 'italien', 'italië', 'itália', 'włochy', 'itálie'] },
  { code: 'ES', names: ['spain', 'españa', 'espagne', 'spanien', 'spagna', 'spanje', 'espanha', 'hiszpania', 'španělsko'] },
  { code: 'PT', names: ['portugal', 'portogallo', 'portugalia', 'portugalsko'] },
  { code: 'IE', names: ['ireland', 'irlande', 'irland', 'irlanda', 'ierland', 'irlandia', 'irsko', 'éire'] },
  { code: 'DK', names: ['denmark', 'danmark', 'dänemark', 'danemark', 'dinamarca', 'danimarca', 'denemarken', 'dania', 'dánsko'] },
  { code: 'SE', names: ['sweden', 'sverige', 'schweden', 'suède', 'suecia', 'svezia', 'zweden', 'suécia', 'szwecja', 'švédsko'] },
  { code: 'NO', names: ['norway', 'norge', 'norwegen', 'norvège', 'noruega', 'norvegia', 'noorwegen', 'norwegia', 'norsko'] },
  { code: 'FI', names: ['finland', 'suomi', 'finnland', 'finlande', 'finlandia', 'finlândia', 'finsko'] },
  { code: 'PL', names: ['poland', 'polska', 'polen', 'pologne', 'polonia', 'polónia', 'polsko'] },
  { code: 'CZ', names: ['czech republic', 'czechia', 'česká republika', 'česko', 'tschechien', 'république tchèque', 'república checa', 'repubblica ceca', 'tsjechië', 'czechy', 'tjeckien'] },
  { code: 'HU', names: ['hungary', 'magyarország', 'ungarn', 'hongrie', 'hungría', 'ungheria', 'hongarije', 'węgry', 'maďarsko'] },
  { code: 'CA', names: ['canada', 'kanada', 'canadá'] },
  { code: 'AU', names: ['australia', 'australien', 'australie', 'austrália', 'australië'] },
  { code: 'IN', names: ['india', 'indien', 'inde', 'índia', 'indie'] },
  { code: 'MY', names: ['malaysia', 'malaisie', 'malasia', 'malesia', 'maleisië', 'malezja'] },
  { code: 'SG', names: ['singapore', 'singapur', 'singapour', 'singapura'] },
  { code: 'HK', names: ['hong kong'] },
  { code: 'CN', names: ['china', 'chine', 'cina', 'chiny', 'čína', 'kina'] },
  { code: 'JP', names: ['japan', 'japon', 'japón', 'giappone', 'japão', 'japonia', 'japonsko'] },
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byName = new Map(COUNTRIES.flatMap((c) => c.names.map((n) => [n, c.code] as const)));

/** A line that is a country's name and nothing else (a trailing dot allowed), any case. */
export const COUNTRY_LINE = new RegExp(`^(?:${[...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRe).join('|')})\\.?$`, 'iu');

/** The ISO code of the country a text names (the whole text, any case, a trailing dot allowed). */
export function countryCode(text: string): string | undefined {
  return byName.get(text.trim().toLowerCase().replace(/\.$/, '')) ?? byName.get(text.trim().toLowerCase());
}
