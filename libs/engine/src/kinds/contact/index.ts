/** Contact details: e-mail addresses, web addresses (a website is its host) and phone numbers. */
import type { LeafNode } from '../../schema/compile.js';
import { fieldWords } from '../../schema/semantic.js';
import { emailCandidates, phoneCandidates, urlCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate, rankPattern } from '../../extract/ranking.js';
import type { Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';
import { WEBSITE_FIELD_WORDS, fieldWordsTest } from '../../knowledge/field-words/index.js';

/** A website field asking for the site, not a page's address (knowledge/field-words). */
export const WEBSITE_FIELD = fieldWordsTest(WEBSITE_FIELD_WORDS);

export const emailKind: FieldKind = {
  name: 'email',
  claims: (leaf) => leaf.semantic === 'email',
  rank: (ctx, leaf) => rankPattern(ctx, leaf, emailCandidates(ctx), 0.8),
  group: () => 'identifier',
};

export const urlKind: FieldKind = {
  name: 'url',
  claims: (leaf) => leaf.semantic === 'url',
  rank: rankUrl,
  group: () => 'identifier',
};

export const phoneKind: FieldKind = {
  name: 'phone',
  claims: (leaf) => leaf.semantic === 'phone',
  rank: rankPhone,
  group: () => 'identifier',
};

function rankUrl(ctx: DocContext, leaf: LeafNode): Scored[] {
  const ranked = rankPattern(ctx, leaf, urlCandidates(ctx), 0.5);
  // A website (home page) is its host: "shop.example.com/contact-us/" names the site shop.example.com.
  if (!WEBSITE_FIELD(fieldWords(leaf).join(' '))) return ranked;
  return aggregate(ranked.map((s) => (typeof s.value === 'string' ? { ...s, value: s.value.replace(/^((?:https?:\/\/)?[^/\s]+)(?:\/.*)?$/i, '$1') } : s)));
}

/** Unlabelled numbers count on a contact line (one that also holds an e-mail address or a website). */
function rankPhone(ctx: DocContext, leaf: LeafNode): Scored[] {
  const contact = (s: Scored) => {
    const sp = s.spans[0];
    const page = sp ? ctx.pages[sp.p] : undefined;
    const line = page && sp ? page.lines[ctx.lineIndex(sp.p, sp.start)] : undefined;
    return !!line && /@|www\.|https?:/i.test(page!.text.slice(line.start, line.end));
  };
  return aggregate(rankPattern(ctx, leaf, phoneCandidates(ctx), 0)
    .filter((s) => s.features.lab > 0 || contact(s))
    .map((s) => (s.features.lab > 0 ? s : { ...s, score: Math.max(s.score, 0.35) })));
}
