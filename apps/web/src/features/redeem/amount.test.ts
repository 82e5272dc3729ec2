import { describe, expect, it } from 'vitest';
import { centsToInput, checkAmount, formatFeeRate, parseDollarsToCents, summarize } from './amount';

const rules = {
  min_amount: 100,
  max_amount: 250_000,
  is_whole_amount_value_required: false,
  available_in_cents: 20_000,
};

describe('parseDollarsToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['$1,250.00', 125_000],
    [' 0.99 ', 99],
  ])('%s is %i cents', (input, cents) => expect(parseDollarsToCents(input)).toBe(cents));

  it.each(['', 'abc', '12.345', '-5', '1e3', '12.'])('%s is not an amount', (input) =>
    expect(parseDollarsToCents(input)).toBeNull(),
  );
});

describe('checkAmount', () => {
  it('accepts an amount within the limits and the balance', () => {
    expect(checkAmount('50.25', rules)).toEqual({ ok: true, cents: 5025 });
  });

  it.each([
    ['', 'Enter an amount'],
    ['ten', 'Enter an amount like 25 or 25.50'],
    ['0', 'Enter an amount above zero'],
    ['0.50', 'The minimum is $1.00'],
    ['2500.01', 'The maximum is $2,500.00'],
    ['200.01', "You don't have enough balance in order to do redemption"],
  ])('%s is refused: %s', (input, message) => {
    expect(checkAmount(input, { ...rules, available_in_cents: 20_000 })).toEqual({
      ok: false,
      message,
    });
  });

  it('checks the method limit before the balance', () => {
    expect(checkAmount('3000', { ...rules, available_in_cents: 1_000_000 })).toEqual({
      ok: false,
      message: 'The maximum is $2,500.00',
    });
  });

  it('wants whole dollars where the method requires them', () => {
    const whole = { ...rules, is_whole_amount_value_required: true };
    expect(checkAmount('10.50', whole)).toEqual({
      ok: false,
      message: 'Enter a whole dollar amount, without cents',
    });
    expect(checkAmount('10', whole)).toEqual({ ok: true, cents: 1000 });
  });
});

describe('summarize', () => {
  it('takes the fee out of what arrives, rounded half up to the cent', () => {
    expect(summarize(5000, 150)).toEqual({ amount: 5000, fee: 75, net: 4925 });
    expect(summarize(1033, 150)).toEqual({ amount: 1033, fee: 15, net: 1018 });
    expect(summarize(1000, 0)).toEqual({ amount: 1000, fee: 0, net: 1000 });
  });
});

it('shows amounts and rates as a customer types and reads them', () => {
  expect(centsToInput(5000)).toBe('50');
  expect(centsToInput(5025)).toBe('50.25');
  expect(formatFeeRate(150)).toBe('1.5%');
  expect(formatFeeRate(200)).toBe('2%');
});
