import type { CardPayouts } from './ports';

/**
 * Sandbox push-to-card payouts. Its magic numbers (README) pick the outcome; every other Visa or
 * Mastercard number is a debit card whose payout succeeds.
 */
export const sandboxCards = {
  visaDebit: '4000056655665556',
  mastercardDebit: '5200828282828210',
  declined: '4000000000000002',
  returnedLater: '4000000000000341',
  visaCredit: '4242424242424242',
  mastercardCredit: '5555555555554444',
  visaPrepaid: '4000000000000101',
} as const;

const credit = new Set<string>([sandboxCards.visaCredit, sandboxCards.mastercardCredit]);

export interface SandboxCardPayoutOptions {
  /** Called when a payout to the returned-later card has succeeded: schedule its return. */
  scheduleReturn: (reference: string) => Promise<void>;
}

export function createSandboxCardPayouts(options: SandboxCardPayoutOptions): CardPayouts {
  return {
    async fundingOf(cardNumber) {
      if (credit.has(cardNumber)) return 'credit';
      if (cardNumber === sandboxCards.visaPrepaid) return 'prepaid';
      return 'debit';
    },
    async push({ cardNumber, reference }) {
      if (cardNumber === sandboxCards.declined)
        return { status: 'declined', reason: 'The card issuer declined the payout.' };
      if (cardNumber === sandboxCards.returnedLater) await options.scheduleReturn(reference);
      return {
        status: 'succeeded',
        networkReference: `SBX${reference.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      };
    },
  };
}
