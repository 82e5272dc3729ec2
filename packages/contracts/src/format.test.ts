import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMoneyShort,
  formatPercent,
  formatPercentFigure,
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

  it('writes every amount as Intl.NumberFormat writes US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [1, 99, 100, 101, 99_999, 100_000, 100_001, 999_999_99, 1_000_000_00];
    for (let i = 0; i < 2_000; i += 1) amounts.push(Math.floor(Math.random() * 10 ** (i % 14)));
    for (const cents of amounts.flatMap((amount) => [amount, -amount])) {
      if (cents === 0) continue;
      expect(formatMoney(cents)).toBe(usd.format(cents / 100));
    }
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });
});

describe('percent', () => {
  it.each([
    [0, '0%'],
    [1, '0.01%'],
    [10, '0.1%'],
    [150, '1.5%'],
    [400, '4%'],
    [1_234, '12.34%'],
    [250_000, '2,500%'],
    [-75, '-0.75%'],
    [12.6, '0.13%'],
  ])('%d basis points → %s', (bps, text) => expect(formatPercent(bps)).toBe(text));

  it('gives the figure alone for texts that place the sign themselves', () =>
    expect(formatPercentFigure(250)).toBe('2.5'));

  it('writes every rate as Intl.NumberFormat writes it with two decimals at most', () => {
    const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (let bps = -20_000; bps <= 20_000; bps += 7) {
      expect(formatPercent(bps)).toBe(`${percent.format(bps / 100)}%`);
    }
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
