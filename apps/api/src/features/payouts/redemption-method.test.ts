import { describe, expect, it } from 'vitest';
import { amountProblem, methodFee, type MethodLimits } from './redemption-method';

const limits: MethodLimits = {
  minCents: 500,
  maxCents: 20_000,
  feeRateBps: 150,
  wholeDollarsOnly: false,
};

describe('what the server enforces of a method', () => {
  it('takes amounts from the minimum to the maximum, both included', () => {
    expect(amountProblem(limits, 499)).toBe('AMOUNT_OUT_OF_RANGE');
    expect(amountProblem(limits, 500)).toBeNull();
    expect(amountProblem(limits, 20_000)).toBeNull();
    expect(amountProblem(limits, 20_001)).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('takes only whole dollars where the method requires them', () => {
    const whole = { ...limits, wholeDollarsOnly: true };
    expect(amountProblem(whole, 2_550)).toBe('AMOUNT_NOT_WHOLE_DOLLARS');
    expect(amountProblem(whole, 2_500)).toBeNull();
    expect(amountProblem(limits, 2_550)).toBeNull();
  });

  it('rounds the fee half up to whole cents, as the web app shows it', () => {
    // 1.5% of $10.33 is 15.495 cents: 15; of $10.34, 15.51: 16; of $11.00, 16.5: 17.
    expect(methodFee(limits, 1_033)).toBe(15);
    expect(methodFee(limits, 1_034)).toBe(16);
    expect(methodFee(limits, 1_100)).toBe(17);
    expect(methodFee({ ...limits, feeRateBps: 0 }, 1_100)).toBe(0);
  });
});
