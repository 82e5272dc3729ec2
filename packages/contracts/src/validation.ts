/**
 * The validation rules of SPEC §5. Each rule is a plain predicate (or, for domains, a checker
 * that names what is wrong) so forms, zod schemas and the API share one definition.
 */

const PRIVATE_IPV4 = [
  /^10\./,
  /^127\./,
  /^0\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const HOST_LABEL = /^(?!-)[a-z0-9\u00a1-\uffff-]{1,63}(?<!-)$/i;
const TLD = /^[a-z\u00a1-\uffff]{2,63}$/i;

/** Website: a URL (scheme optional) to a public host; private and local addresses are refused. */
export function isWebsite(value: string): boolean {
  const input = value.trim();
  if (/^[a-z]\.com$/i.test(input)) return true;
  if (input === '' || /\s/.test(input)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `http://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return false;
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.startsWith('[')) return false;
  if (IPV4.test(host)) return !PRIVATE_IPV4.some((range) => range.test(host));
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || !TLD.test(tld)) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

/** Letters and spaces only. */
export const isLettersWithSpaces = (value: string): boolean => /^[A-Za-z ]+$/.test(value);
/** Letters only, surrounding white space allowed. */
export const isLettersOnly = (value: string): boolean => /^\s*[A-Za-z]+\s*$/.test(value);
/** Letters, digits and spaces. */
export const isAlphanumericWithSpaces = (value: string): boolean => /^[A-Za-z0-9 ]+$/.test(value);
/** A person's name: letters (any alphabet), spaces, apostrophes, hyphens and periods. */
export const isPersonName = (value: string): boolean =>
  /^[\p{L}][\p{L}\p{M} .'-]*$/u.test(value.trim()) && value.trim().length <= 50;

/**
 * A US phone number the ways people type one: ten digits, optionally after the country code
 * (`+1`, `1`), with parentheses around the area code and space, dash or dot separators
 * (`+1 202 555 0143`, `1-202-555-0143`, `202.555.0143`, `(202) 555-0143`).
 */
const US_PHONE = /^(?:\+?1[-.\s]?)?(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}$/;

/** The ten digits of a US phone number, without the country code; null when it is not one. */
export function normalizeUsPhone(value: string): string | null {
  const input = value.trim();
  if (!US_PHONE.test(input)) return null;
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 ? digits.slice(1) : digits;
}

/** US phone (see normalizeUsPhone). */
export const isUsPhone = (value: string): boolean => normalizeUsPhone(value) !== null;
/** The ten digits of a phone number accepted by isUsPhone. */
export const phoneDigits = (value: string): string =>
  normalizeUsPhone(value) ?? value.replace(/\D/g, '');

export const isEin = (value: string): boolean => /^\d{9}$/.test(value);
export const isZip = (value: string): boolean => /^\d{5}$/.test(value);
export const isEmail = (value: string): boolean =>
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+'-]+(?<!\.)@([A-Za-z0-9-]+\.)+[A-Za-z]{2,63}$/.test(value.trim());
export const isCvv = (value: string): boolean => /^\d{3,4}$/.test(value);
export const isCardExpiryFormat = (value: string): boolean =>
  /^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/.test(value);
export const isNumeric = (value: string): boolean => /^\d+$/.test(value);
export const isRoutingNumberFormat = (value: string): boolean => /^\d{9}$/.test(value);
export const isSsn = (value: string): boolean => /^(\d{9}|\*{5}\d{4})$/.test(value);

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!isRoutingNumberFormat(value)) return false;
  const d = [...value].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

export const domainErrorCodes = [
  'DOMAIN_TOO_SHORT',
  'DOMAIN_TOO_LONG',
  'LABEL_STARTS_WITH_DASH',
  'LABEL_ENDS_WITH_DASH',
  'LABEL_TOO_LONG',
  'LABEL_TOO_SHORT',
  'LABEL_INVALID_CHARS',
] as const;
export type DomainErrorCode = (typeof domainErrorCodes)[number];

/** Checks a domain name; answers the first problem's code, or null when the name is valid. */
export function checkDomain(domain: string): DomainErrorCode | null {
  if (domain.length < 1) return 'DOMAIN_TOO_SHORT';
  if (domain.length > 255) return 'DOMAIN_TOO_LONG';
  for (const label of domain.split('.')) {
    if (label.length < 1) return 'LABEL_TOO_SHORT';
    if (label.length > 63) return 'LABEL_TOO_LONG';
    if (label.startsWith('-')) return 'LABEL_STARTS_WITH_DASH';
    if (label.endsWith('-')) return 'LABEL_ENDS_WITH_DASH';
    if (!/^[A-Za-z0-9_-]+$/.test(label)) return 'LABEL_INVALID_CHARS';
  }
  return null;
}

/** Parses a calendar date YYYY-MM-DD; null when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return { year, month, day };
}

/** Age in whole years on `today` for a date of birth YYYY-MM-DD. */
export function ageOn(
  dateOfBirth: { year: number; month: number; day: number },
  today: Date,
): number {
  const ty = today.getFullYear();
  const tm = today.getMonth() + 1;
  const td = today.getDate();
  const hadBirthday = tm > dateOfBirth.month || (tm === dateOfBirth.month && td >= dateOfBirth.day);
  return ty - dateOfBirth.year - (hadBirthday ? 0 : 1);
}

export const MINIMUM_AGE = 18;

/** Date of birth for sign-up: required, a real past date, and 18 or older. Null when valid. */
export function checkSignupDateOfBirth(
  value: string | undefined | null,
  today: Date = new Date(),
): 'DOB is required' | 'Date of birth invalid' | 'Age must be above 18 years.' | null {
  if (!value || value.trim() === '') return 'DOB is required';
  const dob = parseIsoDate(value.trim());
  if (!dob || dob.year < 1900) return 'Date of birth invalid';
  const age = ageOn(dob, today);
  if (age < 0) return 'Date of birth invalid';
  if (age < MINIMUM_AGE) return 'Age must be above 18 years.';
  return null;
}

/** Card expiry MM/YY or MM/YYYY, not before the current month. */
export function isCardExpiryValid(value: string, today: Date = new Date()): boolean {
  if (!isCardExpiryFormat(value)) return false;
  const [mm, yy] = value.split('/') as [string, string];
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  const month = Number(mm);
  const nowYear = today.getFullYear();
  const nowMonth = today.getMonth() + 1;
  return year > nowYear || (year === nowYear && month >= nowMonth);
}

/** Luhn checksum of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}
