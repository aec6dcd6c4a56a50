/** Currencies: ISO codes (the most repeated wins, restricted to the schema's enum) and printed symbols. */
import type { LeafNode } from '../../schema/compile.js';
import { DOLLAR_CURRENCIES } from '../../knowledge/currencies/index.js';
import { currencyCandidates, currencySymbolCandidates } from '../../extract/candidates.js';
import type { DocContext } from '../../extract/context.js';
import { aggregate } from '../../extract/ranking.js';
import { sigmoid, type Scored } from '../../extract/scored.js';
import type { FieldKind } from '../field-kind.js';

export const currencyKind: FieldKind = {
  name: 'currency',
  claims: (leaf) => leaf.semantic === 'currency',
  rank: rankCurrency,
  group: () => 'code',
};

export const currencySymbolKind: FieldKind = {
  name: 'currency-symbol',
  claims: (leaf) => leaf.semantic === 'currency_symbol',
  rank: (ctx) => rankSymbol(ctx),
  group: () => 'code',
};

function rankCurrency(ctx: DocContext, leaf: LeafNode): Scored[] {
  // a bare "$" is read as US dollars, but beside a printed code of another dollar currency ("MXN", "CAD") it is that one
  const printed = currencyCandidates(ctx).filter((c) => !c.hints?.symbol && DOLLAR_CURRENCIES.has(String(c.value)) && c.value !== 'USD');
  const dollar = printed.length && new Set(printed.map((c) => c.value)).size === 1 ? String(printed[0]!.value) : undefined;
  const cands = dollar ? currencyCandidates(ctx).map((c) => (c.text === '$' ? { ...c, value: dollar } : c)) : currencyCandidates(ctx);
  const counts = new Map<string, number>();
  for (const c of cands) counts.set(String(c.value), (counts.get(String(c.value)) ?? 0) + 1);
  const enumVals = new Set((leaf.enum ?? []).filter((e) => typeof e === 'string') as string[]);
  const other = [...enumVals].find((e) => /^other$/i.test(e));
  const out: Scored[] = [];
  for (const c of cands) {
    let value = String(c.value);
    if (enumVals.size && !enumVals.has(value)) {
      if (!other) continue;
      value = other;
    }
    const n = counts.get(String(c.value)) ?? 1;
    out.push({ value, spans: [c], score: sigmoid(-0.5 + 0.6 * Math.min(5, n) + (c.hints?.symbol ? 0 : 0.4)), features: { n } });
  }
  return aggregate(out);
}

function rankSymbol(ctx: DocContext): Scored[] {
  const cands = currencySymbolCandidates(ctx);
  return aggregate(cands.map((c) => ({ value: c.value, spans: [c], score: 0.6, features: {} })));
}
