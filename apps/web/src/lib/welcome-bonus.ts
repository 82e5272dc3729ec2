import type { AppConfig } from '@refund/contracts/app-config';
import type { RedemptionMethod, WalletBalance } from '@refund/contracts/wallet';

/**
 * The welcome bonus (ADR 0020): spend-only money the product gives once, with a customer's first
 * claimed refund, until its last day. Which methods it pays for, before the available balance, is
 * the API's to say (`spends_bonus` of GET /redemption-methods), so the web never keeps a list of
 * its own that could disagree with what the server charges. These rules are written here once,
 * for every feature that shows or checks what can be spent.
 */
export type BonusRule = Pick<RedemptionMethod, 'spends_bonus'>;

/** Whether the bonus pays (first) for a redemption by this method; no method spends nothing. */
export const spendsBonus = (method: BonusRule | null | undefined): boolean =>
  method?.spends_bonus ?? false;

type BonusBalance = Pick<
  WalletBalance,
  'available_in_cents' | 'bonus_in_cents' | 'bonus_expires_at'
>;

/** The bonus that can still be spent: none after its end, even in a balance read before it. */
export function liveBonusCents(balance: BonusBalance, now = new Date()): number {
  if (balance.bonus_in_cents <= 0) return 0;
  const end = balance.bonus_expires_at === null ? null : Date.parse(balance.bonus_expires_at);
  return end !== null && end <= now.getTime() ? 0 : balance.bonus_in_cents;
}

export interface Spendable {
  /** What the method can spend: the available balance, and the bonus where the method spends it. */
  cents: number;
  /** The available balance: refunded money, spendable any way. */
  availableCents: number;
  /** The bonus within `cents`, spent first; 0 where the method does not spend it. */
  bonusCents: number;
  /** A bonus the method cannot spend (a payout): said, so the customer knows why it is left out. */
  unspendableBonusCents: number;
}

/** What a redemption by `method` can spend out of `balance`. */
export function spendableFor(
  balance: BonusBalance,
  method: BonusRule | null | undefined,
  now = new Date(),
): Spendable {
  const bonus = liveBonusCents(balance, now);
  const available = Math.max(0, balance.available_in_cents);
  return spendsBonus(method)
    ? {
        cents: available + bonus,
        availableCents: available,
        bonusCents: bonus,
        unspendableBonusCents: 0,
      }
    : { cents: available, availableCents: available, bonusCents: 0, unspendableBonusCents: bonus };
}

/** The most a redemption by `method` can spend out of `balance`. */
export const spendableCents = (
  balance: BonusBalance,
  method: BonusRule | null | undefined,
  now = new Date(),
): number => spendableFor(balance, method, now).cents;

export interface Payment {
  /** The part of the amount the bonus pays. */
  fromBonus: number;
  /** The part of the amount the available balance pays. */
  fromBalance: number;
  /** The available balance once paid. */
  balanceAfter: number;
}

/** How an amount is paid, as the server pays it: the bonus first where it may, then the balance. */
export function paymentOf(spendable: Spendable, amountCents: number): Payment {
  const fromBonus = Math.min(spendable.bonusCents, Math.max(0, amountCents));
  const fromBalance = amountCents - fromBonus;
  return {
    fromBonus,
    fromBalance,
    balanceAfter: Math.max(0, spendable.availableCents - fromBalance),
  };
}

type WelcomeBonus = NonNullable<AppConfig['welcome_bonus']>;

/** Today's calendar date in UTC, the bonus's time zone: YYYY-MM-DD. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The last day (YYYY-MM-DD) the customer's bonus can be spent: the configured one, or else the
 * UTC day before the moment it ends; null without either.
 */
export function bonusLastDay(
  balance: Pick<WalletBalance, 'bonus_expires_at'>,
  welcomeBonus: WelcomeBonus | null | undefined,
): string | null {
  if (welcomeBonus) return welcomeBonus.last_day;
  if (balance.bonus_expires_at === null) return null;
  const end = Date.parse(balance.bonus_expires_at);
  return Number.isNaN(end) ? null : utcDay(new Date(end - 1));
}

/** The welcome bonus a first claim brings now: none when none is configured or it is over. */
export function offeredWelcomeBonus(
  welcomeBonus: WelcomeBonus | null | undefined,
  now = new Date(),
): WelcomeBonus | null {
  if (!welcomeBonus || welcomeBonus.amount_in_cents <= 0) return null;
  return utcDay(now) <= welcomeBonus.last_day ? welcomeBonus : null;
}
