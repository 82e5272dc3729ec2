import { createHash } from 'node:crypto';
import type {
  IssuedPrepaidCard,
  PrepaidCardIssueResult,
  PrepaidCardIssuer,
  PrepaidCardState,
  PrepaidCardStatus,
} from './ports';

/** The sandbox issuer's magic amounts (README). */
export const sandboxPrepaidAmounts = {
  /** Declined by the issuer once processed: the money goes back to the wallet. */
  declinedCents: 13_13,
  /** Stays processing for ever. */
  processingCents: 14_14,
} as const;

/** A Luhn-valid 16-digit Visa test number made from the card's reference. */
function numberOf(reference: string): string {
  const digest = createHash('sha256').update(`sandbox-prepaid:${reference}`).digest('hex');
  const body = `400000${BigInt(`0x${digest.slice(0, 12)}`)
    .toString()
    .padStart(9, '0')
    .slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * The sandbox issuer of prepaid Visa cards. A card is processing, then issued inactive
 * `fulfilSeconds` after it was asked for; the magic amounts are declined or processing for ever.
 * The card id carries the reference and the amount, so any process can describe the card;
 * activations are kept in memory (a restarted sandbox forgets them; the wallet keeps its own).
 */
export function createSandboxPrepaidCards(options: { fulfilSeconds: number }): PrepaidCardIssuer {
  const requested = new Map<string, { amountCents: number; at: number }>();
  const statuses = new Map<string, PrepaidCardStatus>();
  const expiry = (reference: string) => ({
    expMonth:
      (parseInt(createHash('sha256').update(reference).digest('hex').slice(0, 2), 16) % 12) + 1,
    expYear: new Date().getUTCFullYear() + 3,
  });

  const cardOf = (reference: string, amountCents: number): IssuedPrepaidCard => {
    const issuerCardId = `sbx_ic~${reference}~${amountCents}`;
    return {
      issuerCardId,
      last4: numberOf(reference).slice(-4),
      ...expiry(reference),
      status: statuses.get(issuerCardId) ?? 'inactive',
    };
  };

  const resultOf = (reference: string): PrepaidCardIssueResult | { status: 'not_found' } => {
    const request = requested.get(reference);
    if (!request) return { status: 'not_found' };
    if (request.amountCents === sandboxPrepaidAmounts.processingCents)
      return { status: 'processing' };
    if (Date.now() - request.at < options.fulfilSeconds * 1_000) return { status: 'processing' };
    if (request.amountCents === sandboxPrepaidAmounts.declinedCents) {
      return { status: 'failed', reason: 'sandbox_declined' };
    }
    return { status: 'issued', card: cardOf(reference, request.amountCents) };
  };

  const parse = (issuerCardId: string) => {
    const [prefix, reference, amount] = issuerCardId.split('~');
    if (prefix !== 'sbx_ic' || !reference || !amount) throw new Error('No such sandbox card.');
    return { reference, amountCents: Number(amount) };
  };
  const state = (issuerCardId: string): PrepaidCardState => {
    const { reference, amountCents } = parse(issuerCardId);
    return {
      ...cardOf(reference, amountCents),
      loadedCents: amountCents,
      balanceCents: amountCents,
    };
  };

  return {
    async cardholder(customerId) {
      return `sbx_ich~${customerId}`;
    },
    async issue({ reference, amountCents }) {
      if (!requested.has(reference)) requested.set(reference, { amountCents, at: Date.now() });
      const result = resultOf(reference);
      return result.status === 'not_found' ? { status: 'processing' } : result;
    },
    async lookup({ reference }) {
      return resultOf(reference);
    },
    async card(issuerCardId) {
      return state(issuerCardId);
    },
    async activate(issuerCardId) {
      parse(issuerCardId);
      if ((statuses.get(issuerCardId) ?? 'inactive') === 'inactive') {
        statuses.set(issuerCardId, 'active');
      }
      return state(issuerCardId);
    },
    async secrets(issuerCardId) {
      const { reference } = parse(issuerCardId);
      const cvc = String(
        parseInt(createHash('sha256').update(`cvc:${reference}`).digest('hex').slice(0, 6), 16) %
          1_000,
      ).padStart(3, '0');
      return { number: numberOf(reference), cvc, ...expiry(reference) };
    },
  };
}
