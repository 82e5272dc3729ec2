import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMoneyShort,
  formatPhone,
  formatShortDate,
  maskEmail,
  maskPhone,
} from './format';

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [10000, '$100.00'],
    [123456789, '$1,234,567.89'],
    [-2550, '-$25.50'],
  ])('%i cents → %s', (cents, text) => expect(formatMoney(cents)).toBe(text));

  it('refuses fractions of a cent', () => expect(() => formatMoney(10.5)).toThrow(RangeError));

  it('drops .00 only for whole dollars in the short form', () => {
    expect(formatMoneyShort(1000)).toBe('$10');
    expect(formatMoneyShort(1050)).toBe('$10.50');
  });
});

describe('dates', () => {
  it("formats 'Mon D, YYYY h:mm AM/PM'", () => {
    expect(formatDateTime(new Date(2026, 5, 30, 15, 7))).toBe('Jun 30, 2026 3:07 PM');
    expect(formatDateTime(new Date(2026, 0, 3, 0, 0))).toBe('Jan 3, 2026 12:00 AM');
  });

  it("formats 'M/D/YYYY'", () => {
    expect(formatShortDate(new Date(2026, 5, 30, 15, 7))).toBe('6/30/2026');
    expect(formatShortDate('1990-04-12')).toBe('4/12/1990');
  });

  it("formats 'Month D, YYYY'", () => {
    expect(formatLongDate(new Date(2026, 5, 30, 23, 59))).toBe('June 30, 2026');
    expect(formatLongDate('2027-01-03')).toBe('January 3, 2027');
  });
});

describe('phone', () => {
  it.each([
    ['2025550143', '+1 202-555-0143'],
    ['(202) 555-0143', '+1 202-555-0143'],
    ['12025550143', '+1 202-555-0143'],
  ])('%s → %s', (input, text) => expect(formatPhone(input)).toBe(text));

  it('masks all but the last four digits', () =>
    expect(maskPhone('2025550143')).toBe('+1 xxx-xxx-0143'));

  it('masks an email to its first letter and its domain', () =>
    expect(maskEmail('alex.morgan@example.com')).toBe('a•••@example.com'));
});
