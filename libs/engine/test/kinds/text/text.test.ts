import { field, groupOf, kindName, str } from '../kind-helpers.js';

describe('text kind', () => {
  test('claims free text, people\'s names, single parties and enum members', () => {
    expect(kindName('notes', str)).toBe('text');
    expect(kindName('incoterm', str)).toBe('text');
    expect(kindName('contact_person', str)).toBe('text');
    expect(kindName('party', str)).toBe('text');
    expect(kindName('document_type', { type: 'string', enum: ['invoice', 'credit note'] })).toBe('text');
  });

  test('does not claim a field a specific kind reads', () => {
    expect(kindName('invoice_date', str)).not.toBe('text');
    expect(kindName('total_amount', { type: 'number' })).not.toBe('text');
    expect(kindName('payment_terms', str)).not.toBe('text');
  });

  test('the value printed after the field\'s label', () => {
    expect(field(['ACME GmbH', 'Incoterm: DPU - DELIVERED AT PLACE UNLOADED'], 'incoterm', str).value).toBe('DPU - DELIVERED AT PLACE UNLOADED');
  });

  test('an Incoterm is cut to its code when the description shows codes by example', () => {
    const prop = { ...str, description: 'Incoterm code (e.g. DPU, EXW)' };
    expect(field(['ACME GmbH', 'Incoterm: DPU - DELIVERED AT PLACE UNLOADED'], 'incoterm', prop).value).toBe('DPU');
  });

  test('examples that are not codes leave the value whole', () => {
    const prop = { ...str, description: 'Incoterm (e.g. Delivered at place unloaded)' };
    expect(field(['ACME GmbH', 'Incoterm: DPU - DELIVERED AT PLACE UNLOADED'], 'incoterm', prop).value).toBe('DPU - DELIVERED AT PLACE UNLOADED');
  });

  test('calibrates by what the text is: text, name, list or code', () => {
    expect(groupOf('notes', str)).toBe('text');
    expect(groupOf('contact_person', str)).toBe('name');
    expect(groupOf('party', str)).toBe('list');
    expect(groupOf('document_type', { type: 'string', enum: ['invoice', 'credit note'] })).toBe('code');
    expect(field(['Notes: leave at the door'], 'notes', str).result.group).toBe('text');
  });
});
