import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { transactionRetrying } from '../../db/sql-state';
import { ledgerAccounts } from '../../db/schema';
import { customerBonus, InsufficientFundsError, postTransfer, systemShard } from '../ledger/ledger';

/**
 * The welcome bonus (ADR 0020): an amount the business gives each customer once, with their first
 * claimed refund, until a configured last day. It sits in the customer's `bonus` ledger account,
 * apart from the money the merchants refunded: it buys gift cards and prepaid cards (spent before
 * the available balance), never a payout to a card or bank. What is left after the last day goes
 * back to bonus expense.
 */
export interface WelcomeBonus {
  amountCents: number;
  /** The last day it can be spent, YYYY-MM-DD (UTC), as configured. */
  lastDay: string;
  /** The first moment it can no longer be credited or spent. */
  expiresAt: Date;
}

/** The bonus configured, or null when none is offered. */
export function welcomeBonusOf(config: {
  WELCOME_BONUS_CENTS: number;
  WELCOME_BONUS_EXPIRES_ON?: string | undefined;
}): WelcomeBonus | null {
  if (config.WELCOME_BONUS_CENTS <= 0 || !config.WELCOME_BONUS_EXPIRES_ON) return null;
  const [year, month, day] = config.WELCOME_BONUS_EXPIRES_ON.split('-').map(Number);
  return {
    amountCents: config.WELCOME_BONUS_CENTS,
    lastDay: config.WELCOME_BONUS_EXPIRES_ON,
    // The whole last day counts: it ends at the next midnight, UTC.
    expiresAt: new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)),
  };
}

const live = (bonus: WelcomeBonus | null, now: Date): bonus is WelcomeBonus =>
  bonus !== null && now.getTime() < bonus.expiresAt.getTime();

const WELCOME_BONUS_KEY = (userId: string) => `welcome-bonus:${userId}`;

/**
 * Credits the bonus to a customer who has just claimed a refund, in the claim's transaction;
 * once per customer whatever they claim next or at the same time (the transfer's key is theirs),
 * and not after the last day.
 */
export async function creditWelcomeBonus(
  tx: Tx,
  bonus: WelcomeBonus | null,
  userId: string,
  now = new Date(),
): Promise<void> {
  if (!live(bonus, now)) return;
  await postTransfer(tx, {
    idempotencyKey: WELCOME_BONUS_KEY(userId),
    kind: 'bonus',
    postings: [
      { account: systemShard('bonus_expense', userId), amountCents: -bonus.amountCents },
      { account: customerBonus(userId), amountCents: bonus.amountCents },
    ],
  });
}

/** What is left of the customer's bonus, whatever its last day. */
export async function bonusBalance(q: Queryable, userId: string): Promise<number> {
  const ref = customerBonus(userId);
  const [row] = await q
    .select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, ref.ownerType),
        eq(ledgerAccounts.ownerId, userId),
        eq(ledgerAccounts.kind, ref.kind),
      ),
    );
  return Number(row?.cents ?? 0);
}

/**
 * Moves `cents` of the customer's bonus back to bonus expense, in `tx`: at its last day, or when
 * the account closes. More than is left is refused by the ledger (InsufficientFundsError).
 */
export function returnBonus(tx: Tx, userId: string, cents: number, idempotencyKey: string) {
  return postTransfer(tx, {
    idempotencyKey,
    kind: 'bonus_expired',
    postings: [
      { account: customerBonus(userId), amountCents: -cents },
      { account: systemShard('bonus_expense', userId), amountCents: cents },
    ],
  });
}

/** What of the customer's bonus can be spent now: none after the last day. */
export async function spendableBonus(
  q: Queryable,
  bonus: WelcomeBonus | null,
  userId: string,
  now = new Date(),
): Promise<number> {
  return live(bonus, now) ? bonusBalance(q, userId) : 0;
}

/**
 * After the last day, moves what is left of every customer's bonus back to bonus expense. Each
 * customer's in a transaction of its own that posts exactly the balance it finds (a spend at the
 * same moment is serialised by the ledger's account lock, and a balance already moved is found
 * empty), so running it again, or on two processes at once, moves nothing twice. Answers how
 * many customers' bonuses it moved.
 */
export async function expireWelcomeBonuses(
  db: Db,
  bonus: WelcomeBonus | null,
  now = new Date(),
): Promise<number> {
  if (bonus === null || live(bonus, now)) return 0;
  const left = await db
    .select({ userId: ledgerAccounts.ownerId })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'customer'),
        eq(ledgerAccounts.kind, 'bonus'),
        gt(ledgerAccounts.balanceCents, 0),
      ),
    );
  let moved = 0;
  for (const { userId } of left) {
    if (!userId) continue;
    // Read, then moved under the ledger's own locks (system accounts before the customer's, as
    // every transfer takes them); a spend in between leaves less than was read, and the move
    // is refused and tried again with what is left.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const cents = await bonusBalance(db, userId);
      if (cents <= 0) break;
      try {
        const posted = await transactionRetrying(
          db,
          // Unique per move: a balance moved is zero after, so it is never found twice.
          (tx) => returnBonus(tx, userId, cents, `bonus-expired:${userId}:${crypto.randomUUID()}`),
          { conflicts: true, connectionLoss: false },
        );
        if (posted) moved += 1;
        break;
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
      }
    }
  }
  return moved;
}

const BONUS_EXPIRY_QUEUE = 'welcome-bonus-expiry';

/**
 * Expires what is left of the welcome bonuses after their last day: a job queued once an hour
 * from then on (one at a time across processes); nothing is queued while the bonus is live.
 */
export async function startBonusExpiry(
  jobs: JobQueue,
  options: {
    db: Db;
    bonus: WelcomeBonus | null;
    logger: FastifyBaseLogger;
    intervalSeconds?: number;
  },
): Promise<{ stop(): void }> {
  const { bonus } = options;
  if (bonus === null) return { stop: () => undefined };
  await jobs.work<Record<string, never>>(BONUS_EXPIRY_QUEUE, { retryLimit: 3 }, async () => {
    const moved = await expireWelcomeBonuses(options.db, bonus);
    if (moved > 0) options.logger.info({ moved }, 'welcome bonuses expired');
  });
  const queueRun = () => {
    if (live(bonus, new Date())) return;
    jobs
      .send(BONUS_EXPIRY_QUEUE, {}, { singletonKey: BONUS_EXPIRY_QUEUE })
      .catch((error: unknown) => options.logger.warn({ err: error }, 'bonus expiry not queued'));
  };
  queueRun();
  const timer = setInterval(queueRun, (options.intervalSeconds ?? 3_600) * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
