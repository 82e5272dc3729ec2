import { describe, expect, it } from 'vitest';
import {
  checkDomain,
  checkSignupDateOfBirth,
  isAbaRoutingNumber,
  isAlphanumericWithSpaces,
  isCardExpiryFormat,
  isCardExpiryValid,
  isCvv,
  isEin,
  isEmail,
  isLettersOnly,
  isLettersWithSpaces,
  isNumeric,
  isPersonName,
  isRoutingNumberFormat,
  isSsn,
  isUsPhone,
  isWebsite,
  isZip,
  normalizeUsPhone,
  passesLuhn,
  phoneDigits,
} from './validation';

type Case = [string, boolean];

const table = (name: string, rule: (value: string) => boolean, cases: Case[]) =>
  describe(name, () => {
    it.each(cases)('%j → %s', (value, expected) => expect(rule(value)).toBe(expected));
  });

table('website', isWebsite, [
  ['https://example.com', true],
  ['example.com', true],
  ['www.example.co.uk/path?q=1', true],
  ['http://sub.domain.example.org:8080/x', true],
  ['a.com', true],
  ['https://8.8.8.8', true],
  ['http://10.0.0.1', false],
  ['http://192.168.1.20/admin', false],
  ['http://172.16.5.4', false],
  ['http://127.0.0.1:3000', false],
  ['http://169.254.169.254/latest', false],
  ['localhost:3000', false],
  ['example', false],
  ['http://-bad-.com', false],
  ['javascript:alert(1)', false],
  ['exa mple.com', false],
  ['', false],
]);

table('letters with spaces', isLettersWithSpaces, [
  ['Mary Ann', true],
  ['Mary  Ann ', true],
  ['Mary-Ann', false],
  ['R2D2', false],
  ['', false],
]);

table('letters only', isLettersOnly, [
  ['Mary', true],
  ['  Mary  ', true],
  ['Mary Ann', false],
  ['Mary1', false],
  ['', false],
]);

table('letters, digits and spaces', isAlphanumericWithSpaces, [
  ['Apt 4B', true],
  ['Suite 100', true],
  ['4-B', false],
  ['#4', false],
]);

table('person name', isPersonName, [
  ["O'Neil", true],
  ['Mary-Ann', true],
  ['José', true],
  ['Jr.', true],
  ['R2D2', false],
  ['-Ann', false],
  ['a'.repeat(51), false],
]);

table('US phone', isUsPhone, [
  ['2025550143', true],
  ['(202) 555-0143', true],
  ['(202)555-0143', true],
  ['202-555-0143', true],
  ['202 555 0143', true],
  ['202.555.0143', true],
  ['+1 202 555 0143', true],
  ['555-0143', false],
  ['20255501434', false],
  ['(202 555-0143', false],
]);

describe('US phone normalization', () => {
  it.each([
    '+1 202 555 0143',
    '1-202-555-0143',
    '202.555.0143',
    '(202) 555-0143',
    '+1 (202) 555-0143',
    '2025550143',
    '+12025550143',
    '12025550143',
    '  202 555 0143 ',
  ])('%j → 2025550143', (value) => {
    expect(normalizeUsPhone(value)).toBe('2025550143');
    expect(phoneDigits(value)).toBe('2025550143');
  });

  it.each([
    ['nine digits', '202555014'],
    ['eleven digits without the country code', '20255501434'],
    ['eleven digits after +1', '+1 202 555 01434'],
    ['letters', '202-555-O143'],
    ['a word', 'call me'],
    ['another country code', '+44 20 7946 0958'],
    ['another country code, ten digits', '+33 202 555 0143'],
    ['a plus without a country code', '+2025550143'],
    ['mixed separators in one gap', '202.-555-0143'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(normalizeUsPhone(value)).toBeNull();
    expect(isUsPhone(value)).toBe(false);
  });
});

table('employer identification number', isEin, [
  ['123456789', true],
  ['12-3456789', false],
  ['12345678', false],
]);

table('zip', isZip, [
  ['19103', true],
  ['1910', false],
  ['19103-1234', false],
  ['abcde', false],
]);

table('email', isEmail, [
  ['alex@example.com', true],
  ['alex.morgan+refunds@mail.example.co', true],
  ['alex@', false],
  ['@example.com', false],
  ['alex@example', false],
  ['alex..m@example.com', false],
  ['alex m@example.com', false],
]);

table('CVV', isCvv, [
  ['123', true],
  ['1234', true],
  ['12', false],
  ['12345', false],
  ['12a', false],
]);

table('card expiry format', isCardExpiryFormat, [
  ['01/29', true],
  ['12/2030', true],
  ['13/29', false],
  ['00/29', false],
  ['1/29', false],
  ['01-29', false],
  ['01/299', false],
]);

describe('card expiry in time', () => {
  const today = new Date(2026, 10, 21);
  it.each<Case>([
    ['11/26', true],
    ['11/2026', true],
    ['10/26', false],
    ['12/25', false],
    ['01/27', true],
  ])('%j → %s', (value, expected) => expect(isCardExpiryValid(value, today)).toBe(expected));
});

table('numeric only', isNumeric, [
  ['0123', true],
  ['12.5', false],
  ['', false],
]);

table('routing number format', isRoutingNumberFormat, [
  ['021000021', true],
  ['02100002', false],
  ['0210000211', false],
]);

table('ABA routing checksum', isAbaRoutingNumber, [
  ['021000021', true],
  ['011401533', true],
  ['111000025', true],
  ['021000022', false],
  ['123456789', false],
]);

table('SSN', isSsn, [
  ['123456789', true],
  ['*****6789', true],
  ['****6789', false],
  ['123-45-6789', false],
]);

table('Luhn', passesLuhn, [
  ['4111111111111111', true],
  ['5555555555554444', true],
  ['4111111111111112', false],
  ['41111', false],
]);

describe('domain names', () => {
  it.each([
    ['example.com', null],
    ['my_host.example-site.org', null],
    ['', 'DOMAIN_TOO_SHORT'],
    [`${'a'.repeat(63)}.`.repeat(4) + 'abcd', 'DOMAIN_TOO_LONG'],
    ['-example.com', 'LABEL_STARTS_WITH_DASH'],
    ['example-.com', 'LABEL_ENDS_WITH_DASH'],
    [`${'a'.repeat(64)}.com`, 'LABEL_TOO_LONG'],
    ['example..com', 'LABEL_TOO_SHORT'],
    ['exa$mple.com', 'LABEL_INVALID_CHARS'],
  ])('%j → %s', (domain, expected) => expect(checkDomain(domain)).toBe(expected));
});

describe('date of birth on sign-up', () => {
  const today = new Date(2026, 10, 21);
  it.each([
    ['', 'DOB is required'],
    [undefined, 'DOB is required'],
    ['2026-02-30', 'Date of birth invalid'],
    ['21/11/1990', 'Date of birth invalid'],
    ['1850-01-01', 'Date of birth invalid'],
    ['2030-01-01', 'Date of birth invalid'],
    ['2008-11-22', 'Age must be above 18 years.'],
    ['2008-11-21', null],
    ['1990-04-12', null],
  ])('%j → %s', (value, expected) => expect(checkSignupDateOfBirth(value, today)).toBe(expected));
});
