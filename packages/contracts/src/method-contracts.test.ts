import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { errorBody, errorCatalog } from './errors';
import { transactionDestinationSchema } from './redemptions';
import { destinationKinds, redemptionModes } from './wallet';
import { methodContracts } from './method-contracts';
import { defineMethodContract, destinationBase } from './methods/method-contract';

describe('the methods’ contracts', () => {
  it('give the modes and the destination kinds in the order the methods are listed', () => {
    // The first methods, in their order; a method added later comes after them.
    expect(redemptionModes.slice(0, 6)).toEqual([
      'debit',
      'bank',
      'prepaid',
      'giftcard',
      'fancash',
      'earn_rewards',
    ]);
    // Each kind once, where its first method is listed (gift cards and earn rewards share one).
    expect(destinationKinds.slice(0, 5)).toEqual([
      'card',
      'bank_account',
      'prepaid_card',
      'gift_card',
      'fancash',
    ]);
    expect(new Set(destinationKinds).size).toBe(destinationKinds.length);
  });

  it('name each mode once, and each kind of destination with one shape', () => {
    expect(new Set(redemptionModes).size).toBe(methodContracts.length);
    const shapes = new Map<string, unknown>();
    for (const { destination } of methodContracts) {
      const kind = destination.shape.kind.value;
      expect(shapes.get(kind) ?? destination, `two shapes of the kind ${kind}`).toBe(destination);
      shapes.set(kind, destination);
    }
  });

  it('read a destination by its kind, with what only that kind has', () => {
    const base = { brand: 'FanCash', bank_name: null, last4: '' };
    expect(
      transactionDestinationSchema.parse({ kind: 'fancash', ...base, account_name: 'Alex M.' }),
    ).toEqual({ kind: 'fancash', ...base, account_name: 'Alex M.' });
    expect(transactionDestinationSchema.safeParse({ kind: 'fancash', ...base }).success).toBe(
      false,
    );
    expect(transactionDestinationSchema.safeParse({ kind: 'paypal', ...base }).success).toBe(false);
  });

  it('give every error of the catalogue its own wire code', () => {
    const codes = Object.values(errorCatalog).map(({ code }) => code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('define a method with errors of its own, typed by name', () => {
    const contract = defineMethodContract({
      mode: 'paypal_test',
      destination: z.object({ kind: z.literal('paypal_account'), ...destinationBase }),
      errors: { PAYPAL_EMAIL_UNVERIFIED: { code: 9901, status: 409, message: 'Verify first.' } },
    });
    expect(contract.errors.PAYPAL_EMAIL_UNVERIFIED.code).toBe(9901);
    expect(defineMethodContract({ mode: 'x', destination: contract.destination }).errors).toEqual(
      {},
    );
  });

  it('answer a core error with its code and default message', () => {
    expect(errorBody('METHOD_UNAVAILABLE')).toEqual({
      code: 6003,
      code_description: 'METHOD_UNAVAILABLE',
      message: 'This redemption method is unavailable at this moment.',
    });
  });
});
