import { eq, sql } from 'drizzle-orm';
import { createBatcher } from '../db/batcher';
import { insertRows } from '../db/insert-rows';
import type { Db } from '../db/database';
import { sandboxCardPushes } from '../db/schema';
import type { CardFunding, CardPayoutProvider, CardPushOutcome, CardPushResult } from './ports';
import { ProviderHttpError } from './vendor-http';

/**
 * Sandbox push-to-card payouts. Its test numbers (README), the ones card networks and payment
 * providers document for test modes, pick both what kind of card it is and the push's outcome.
 */
export const sandboxCards = {
  visaDebit: '4000056655665556',
  mastercardDebit: '5200828282828210',
  declined: '4000000000000002',
  returnedLater: '4000000000000341',
  visaCredit: '4242424242424242',
  mastercardCredit: '5555555555554444',
  visaPrepaid: '4000000000000101',
  mastercardPrepaid: '5105105105105100',
  /** The push gets no answer, but went through: a lookup finds it paid. */
  noAnswerPaid: '4000000000000077',
  /** The push gets no answer; a lookup finds the issuer declined it. */
  noAnswerDeclined: '4000000000000093',
  /** The push gets no answer and never reached the network: a lookup finds nothing. */
  noAnswerLost: '4000000000000119',
  /** The push gets no answer; the first lookup finds it still in progress, later ones paid. */
  noAnswerSlow: '4000000000000259',
} as const;

/**
 * The sandbox's card-range table, as the network's card attribute inquiry would answer: each test
 * number's funding. A number not in it is unknown to the sandbox network, as a real issuer's
 * range lookup answers for a card it does not know, so it cannot be added for payouts.
 */
export const sandboxCardFunding: Readonly<Record<string, CardFunding>> = {
  [sandboxCards.visaDebit]: 'debit',
  [sandboxCards.mastercardDebit]: 'debit',
  [sandboxCards.declined]: 'debit',
  [sandboxCards.returnedLater]: 'debit',
  [sandboxCards.noAnswerPaid]: 'debit',
  [sandboxCards.noAnswerDeclined]: 'debit',
  [sandboxCards.noAnswerLost]: 'debit',
  [sandboxCards.noAnswerSlow]: 'debit',
  [sandboxCards.visaCredit]: 'credit',
  [sandboxCards.mastercardCredit]: 'credit',
  [sandboxCards.visaPrepaid]: 'prepaid',
  [sandboxCards.mastercardPrepaid]: 'prepaid',
};

const DECLINED_REASON = 'The card issuer declined the payout.';

export interface SandboxCardPayoutOptions {
  /** Where the sandbox network keeps what it did with each push, to answer lookups. */
  db: Db;
  /** Called when a payout to the returned-later card has succeeded: schedule its return. */
  scheduleReturn: (reference: string) => Promise<void>;
}

const networkReferenceOf = (reference: string) =>
  `SBX${reference.replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** What the caller sees when the network took the push but its answer was lost on the way. */
const noAnswer = () =>
  new ProviderHttpError('sandbox-card', 'timeout', 'sandbox-card: no answer within the timeout');

export function createSandboxCardPayouts(options: SandboxCardPayoutOptions): CardPayoutProvider {
  const { db } = options;

  // Pushes made at the same time are kept in one insert, as a network keeps its own books.
  const records = createBatcher<typeof sandboxCardPushes.$inferInsert, void>({
    async run(rows) {
      await insertRows(db, sandboxCardPushes, rows, { onConflictDoNothing: true });
      return rows.map(() => undefined);
    },
    maxBatch: 200,
    maxInFlight: 2,
  });

  /** Keeps the network's side of a push; a repeated push with the same reference keeps the first. */
  async function record(
    reference: string,
    outcome: 'succeeded' | 'declined' | 'pending',
  ): Promise<void> {
    await records.submit({
      reference,
      outcome,
      networkReference: outcome === 'declined' ? null : networkReferenceOf(reference),
      reason: outcome === 'declined' ? DECLINED_REASON : null,
    });
  }

  return {
    async fundingOf(cardNumber) {
      return sandboxCardFunding[cardNumber] ?? 'unknown';
    },

    async push({ cardNumber, reference }): Promise<CardPushResult> {
      switch (cardNumber) {
        case sandboxCards.noAnswerLost:
          throw noAnswer();
        case sandboxCards.noAnswerPaid:
          await record(reference, 'succeeded');
          throw noAnswer();
        case sandboxCards.noAnswerDeclined:
          await record(reference, 'declined');
          throw noAnswer();
        case sandboxCards.noAnswerSlow:
          await record(reference, 'pending');
          throw noAnswer();
        case sandboxCards.declined:
          await record(reference, 'declined');
          return { status: 'declined', reason: DECLINED_REASON };
        default:
          await record(reference, 'succeeded');
          if (cardNumber === sandboxCards.returnedLater) await options.scheduleReturn(reference);
          return { status: 'succeeded', networkReference: networkReferenceOf(reference) };
      }
    },

    async lookup(reference): Promise<CardPushOutcome> {
      const [found] = await db
        .update(sandboxCardPushes)
        .set({ lookups: sql`${sandboxCardPushes.lookups} + 1` })
        .where(eq(sandboxCardPushes.reference, reference))
        .returning();
      if (!found) return { status: 'not_found' };
      // A push still in progress settles by the time it is asked about again.
      if (found.outcome === 'pending' && found.lookups <= 1) return { status: 'pending' };
      if (found.outcome === 'declined') {
        return { status: 'declined', reason: found.reason ?? DECLINED_REASON };
      }
      return {
        status: 'succeeded',
        networkReference: found.networkReference ?? networkReferenceOf(reference),
      };
    },
  };
}
