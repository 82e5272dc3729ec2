import { and, desc, eq, sql } from 'drizzle-orm';
import type { OtpChallenge } from '@refund/contracts/auth';
import type {
  PrepaidCard,
  PrepaidCardList,
  PrepaidCardSecrets,
} from '@refund/contracts/prepaid-cards';
import type { Db } from '../../db/database';
import { prepaidCards, redemptions } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { decodeExactCursor, encodeExactCursor } from '../../http/cursor';
import type { PrepaidCardIssuer, PrepaidCardState } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import { visibleStatus } from './prepaid-card-issuing';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

/**
 * The customer's prepaid cards (ADR 0019): listed newest first with keyset pages, one read with
 * its status and balance fresh from the issuer, activated, and its number shown after a fresh
 * passcode. Only ever the customer's own: someone else's card is not found. The number and CVC
 * pass from the issuer to the owner and are kept nowhere.
 */
export interface PrepaidCardWalletDeps {
  db: Db;
  issuer: Pick<PrepaidCardIssuer, 'card' | 'activate' | 'secrets'>;
  otp: Pick<OtpService, 'beginForCustomer' | 'useOwnCode'>;
}

const PREPAID_CARD_VIEW = ['PREPAID_CARD_VIEW'] as const;

/** created_at at the database's microsecond precision, so a page never skips a row. */
const exactCreatedAt = sql<string>`to_char(${prepaidCards.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Row = { card: typeof prepaidCards.$inferSelect; feeCents: number };

function view({ card, feeCents }: Row): PrepaidCard {
  return {
    card_uuid: card.redemptionId,
    transaction_id: card.redemptionId,
    status: visibleStatus(card),
    network: 'visa',
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    loaded_in_cents: card.loadedCents,
    fee_in_cents: feeCents,
    balance_in_cents: card.balanceCents,
    balance_updated_at: card.balanceUpdatedAt?.toISOString() ?? null,
    failure_reason: card.failureReason,
    created_at: card.createdAt.toISOString(),
    issued_at: card.issuedAt?.toISOString() ?? null,
    activated_at: card.activatedAt?.toISOString() ?? null,
  };
}

export function createPrepaidCardWallet(deps: PrepaidCardWalletDeps) {
  const { db } = deps;
  const select = () =>
    db
      .select({ card: prepaidCards, feeCents: redemptions.feeCents })
      .from(prepaidCards)
      .innerJoin(redemptions, eq(redemptions.id, prepaidCards.redemptionId));

  async function own(userId: string, cardId: string): Promise<Row> {
    const [row] = await select().where(
      and(eq(prepaidCards.redemptionId, cardId), eq(prepaidCards.userId, userId)),
    );
    if (!row) throw new DomainError('NOT_FOUND', 'No prepaid card with this id.');
    return row;
  }

  /** An issued card's id at the issuer; a card not issued (yet, or ever) has none. */
  function issuedId(row: Row): string {
    if (!row.card.issuerCardId || row.card.status === 'processing' || row.card.status === 'failed')
      throw new DomainError('PREPAID_CARD_NOT_ISSUED');
    return row.card.issuerCardId;
  }

  /** Keeps what the issuer says of the card now: its status and balance. */
  async function remember(row: Row, state: PrepaidCardState): Promise<Row> {
    const now = new Date();
    const [card] = await db
      .update(prepaidCards)
      .set({
        status: state.status,
        balanceCents: state.balanceCents,
        balanceUpdatedAt: now,
        ...(state.status === 'active' && !row.card.activatedAt ? { activatedAt: now } : {}),
      })
      .where(eq(prepaidCards.redemptionId, row.card.redemptionId))
      .returning();
    return card ? { ...row, card } : row;
  }

  return {
    async list(
      userId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<PrepaidCardList> {
      const after = query.cursor ? decodeExactCursor(query.cursor) : null;
      const rows = await db
        .select({ card: prepaidCards, feeCents: redemptions.feeCents, at: exactCreatedAt })
        .from(prepaidCards)
        .innerJoin(redemptions, eq(redemptions.id, prepaidCards.redemptionId))
        .where(
          and(
            eq(prepaidCards.userId, userId),
            // The row-value form, so the index on (user, created, id) bounds the scan.
            olderThan(prepaidCards.createdAt, prepaidCards.redemptionId, after),
          ),
        )
        .orderBy(desc(prepaidCards.createdAt), desc(prepaidCards.redemptionId))
        .limit(pageLimit(query.limit));
      const { page, next_cursor } = keysetPage(rows, query.limit, (last) =>
        encodeExactCursor(last.at, last.card.redemptionId),
      );
      return { data: page.map(view), next_cursor };
    },

    /**
     * One card, its status and balance read from the issuer when it was issued; if the issuer
     * does not answer, the card as last known (its `balance_updated_at` says how old).
     */
    async details(userId: string, cardId: string): Promise<PrepaidCard> {
      const row = await own(userId, cardId);
      if (!row.card.issuerCardId || row.card.status === 'processing') return view(row);
      if (row.card.status === 'failed') return view(row);
      try {
        return view(await remember(row, await deps.issuer.card(row.card.issuerCardId)));
      } catch {
        return view(row);
      }
    },

    /** Moves an inactive card to active; an active one is answered as it is. */
    async activate(userId: string, cardId: string): Promise<PrepaidCard> {
      const row = await own(userId, cardId);
      const status = visibleStatus(row.card);
      if (status === 'active') return view(row);
      if (status !== 'inactive') throw new DomainError('PREPAID_CARD_NOT_ACTIVATABLE');
      let state: PrepaidCardState;
      try {
        state = await deps.issuer.activate(issuedId(row));
      } catch (error) {
        if (error instanceof DomainError) throw error;
        throw new DomainError('CARD_ISSUER_UNAVAILABLE');
      }
      return view(await remember(row, state));
    },

    /** Texts the customer the passcode that shows an issued card's number, once. */
    async startReveal(userId: string, cardId: string, ip: string): Promise<OtpChallenge> {
      const row = await own(userId, cardId);
      issuedId(row);
      return deps.otp.beginForCustomer(userId, 'PREPAID_CARD_VIEW', ip);
    },

    /**
     * The card's number, CVC and expiry, to its owner, with a passcode of theirs texted for it
     * (a wrong one counts as a try); read from the issuer and passed through, never kept.
     */
    async reveal(
      userId: string,
      cardId: string,
      passcode: { attempt_id: string; code: string },
    ): Promise<PrepaidCardSecrets> {
      const row = await own(userId, cardId);
      const issuerCardId = issuedId(row);
      await deps.otp.useOwnCode(
        userId,
        { attemptId: passcode.attempt_id, code: passcode.code },
        PREPAID_CARD_VIEW,
      );
      let secrets;
      try {
        secrets = await deps.issuer.secrets(issuerCardId);
      } catch {
        throw new DomainError('CARD_ISSUER_UNAVAILABLE');
      }
      return {
        number: secrets.number,
        cvc: secrets.cvc,
        exp_month: secrets.expMonth,
        exp_year: secrets.expYear,
      };
    },
  };
}

export type PrepaidCardWallet = ReturnType<typeof createPrepaidCardWallet>;
