import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LeafNode, Semantic } from '../../src/index.js';
import type { FieldKind } from '../../src/kinds/field-kind.js';
import { FIELD_KINDS, kindOf, listKindOf } from '../../src/kinds/registry.js';
import { partiesKind } from '../../src/kinds/parties/index.js';
import { isFreeText } from '../../src/kinds/text/free-text.js';
import { textKind } from '../../src/kinds/text/index.js';
import { leafOf } from './kind-helpers.js';

const KINDS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../src/kinds');
/** Folders of src/kinds; table reads many fields at once and is no FieldKind. */
const FOLDERS = readdirSync(KINDS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const KIND_FOLDERS = FOLDERS.filter((f) => f !== 'table');

const isKind = (x: unknown): x is FieldKind => {
  const k = x as FieldKind;
  return !!k && typeof k === 'object' && typeof k.name === 'string' && typeof k.claims === 'function' && typeof k.rank === 'function' && typeof k.group === 'function';
};

/** The FieldKinds each kind folder's index exports. */
async function folderKinds(): Promise<Map<string, FieldKind[]>> {
  const out = new Map<string, FieldKind[]>();
  for (const f of KIND_FOLDERS) out.set(f, Object.values(await import(join(KINDS_DIR, f, 'index.ts'))).filter(isKind));
  return out;
}

/** Every Semantic value; `satisfies` and the check below keep it in step with the type. */
const SEMANTICS = [
  'date', 'datetime', 'amount', 'percent', 'number', 'integer', 'boolean', 'currency', 'currency_symbol', 'duration', 'party',
  'organization', 'person', 'jurisdiction', 'address', 'street', 'city', 'postal_code', 'state_code', 'country_code', 'email',
  'url', 'phone', 'iban', 'bic', 'vat', 'identifier', 'title', 'enum', 'text',
] as const satisfies readonly Semantic[];
type Missing = Exclude<Semantic, (typeof SEMANTICS)[number]>;
const everySemanticListed: [Missing] extends [never] ? true : Missing = true;

/** A leaf of the given semantic whose name says nothing more (so word-based kinds do not claim it). */
const leafWith = (semantic: Semantic): LeafNode => ({ ...leafOf('field_1', { type: 'string' }), semantic });

describe('field kind registry', () => {
  test('the table folder exports no field kind (it reads many fields at once)', async () => {
    expect(FOLDERS).toContain('table');
    expect(Object.values(await import(join(KINDS_DIR, 'table', 'index.ts'))).filter(isKind)).toEqual([]);
    expect(FIELD_KINDS.map((k) => k.name)).not.toContain('table');
  });

  test('every kind folder exports a kind that FIELD_KINDS registers', async () => {
    for (const [folder, kinds] of await folderKinds()) {
      expect({ folder, exports: kinds.length > 0 }).toEqual({ folder, exports: true });
      for (const k of kinds) expect({ folder, kind: k.name, registered: FIELD_KINDS.includes(k) }).toEqual({ folder, kind: k.name, registered: true });
    }
  });

  test('every registered kind comes from a kind folder', async () => {
    const exported = [...(await folderKinds()).values()].flat();
    for (const k of FIELD_KINDS) expect({ kind: k.name, exported: exported.includes(k) }).toEqual({ kind: k.name, exported: true });
  });

  test('a kind is named after its folder; a folder of several kinds names each after the semantic it reads', async () => {
    for (const [folder, kinds] of await folderKinds()) {
      for (const k of kinds) {
        if (kinds.length === 1) { expect({ folder, name: k.name }).toEqual({ folder, name: folder }); continue; }
        const semantic = k.name.replace(/-/g, '_') as Semantic;
        expect({ folder, name: k.name, claimsItsSemantic: k.claims(leafWith(semantic)) }).toEqual({ folder, name: k.name, claimsItsSemantic: true });
      }
    }
    expect(new Set(FIELD_KINDS.map((k) => k.name)).size).toBe(FIELD_KINDS.length);
  });

  test('every semantic is read by a specific kind, except free text, which the text kind reads', () => {
    expect(everySemanticListed).toBe(true);
    for (const semantic of SEMANTICS) {
      const kind = kindOf(leafWith(semantic)).name;
      if (isFreeText(leafWith(semantic))) expect({ semantic, kind }).toEqual({ semantic, kind: 'text' });
      else expect({ semantic, specific: kind !== 'text' }).toEqual({ semantic, specific: true });
    }
  });

  test('free text is last and the only kind that claims every field', () => {
    expect(FIELD_KINDS[FIELD_KINDS.length - 1]).toBe(textKind);
    const claimsAll = FIELD_KINDS.filter((k) => SEMANTICS.every((s) => k.claims(leafWith(s))));
    expect(claimsAll).toEqual([textKind]);
  });

  test('a list of organisations is read by the parties kind', () => {
    for (const semantic of ['organization', 'party', 'person'] as const) expect(listKindOf(leafWith(semantic))).toBe(partiesKind);
    expect(listKindOf(leafWith('date')).name).toBe('date');
  });
});
