import { claimers, field, groupOf, kindName, str } from '../kind-helpers.js';

describe('contact kinds (email, url, phone)', () => {
  test('claims e-mail addresses, web addresses and phone numbers, each by its own kind', () => {
    expect(kindName('vendor_email', str)).toBe('email');
    expect(kindName('contact', { type: 'string', format: 'email' })).toBe('email');
    expect(kindName('website', str)).toBe('url');
    expect(kindName('homepage', str)).toBe('url');
    expect(kindName('link', { type: 'string', format: 'uri' })).toBe('url');
    expect(kindName('phone_number', str)).toBe('phone');
    expect(kindName('fax', str)).toBe('phone');
  });

  test('does not claim names or identifiers', () => {
    for (const name of ['vendor_name', 'invoice_number', 'vendor_address']) expect(claimers(name, str)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(email|url|phone)$/)]));
  });

  test('a website is its host', () => {
    expect(field(['Web: https://aws.amazon.com/contact-us/'], 'website', str).value).toBe('https://aws.amazon.com');
  });

  test('a website\'s url, or a link, keeps the whole address', () => {
    expect(field(['Website URL: https://aws.amazon.com/contact-us/'], 'website_url', str).value).toBe('https://aws.amazon.com/contact-us/');
    expect(field(['Link: https://aws.amazon.com/contact-us/'], 'link', { type: 'string', format: 'uri' }).value).toBe('https://aws.amazon.com/contact-us/');
  });

  test('an unlabelled phone number counts on a contact line', () => {
    expect(field(['ACME GmbH', '+49 30 1234567 info@acme.de'], 'phone', str).value).toBe('+49 30 1234567');
  });

  test('an unlabelled number elsewhere is no phone number', () => {
    expect(field(['ACME GmbH', 'Order +49 30 1234567'], 'phone', str).value).toBeNull();
  });

  test('calibrate in the identifier group', () => {
    expect(groupOf('email', str)).toBe('identifier');
    expect(groupOf('website', str)).toBe('identifier');
    expect(groupOf('phone', str)).toBe('identifier');
    expect(field(['E-mail: billing@acme.de'], 'email', str).result.group).toBe('identifier');
  });
});
