import { feeCents } from '@refund/contracts/redemptions';
import { messages } from '@refund/contracts/errors';
import { formatMoney, formatPercent } from '@refund/contracts/format';

/** Dollars as typed ('12', '12.5', '$1,250.00') to cents; null when it is not an amount. */
export function parseDollarsToCents(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the amount field shows them: '12.50', or '12' for a whole amount. */
export function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export interface AmountRules {
  min_amount: number;
  max_amount: number;
  is_whole_amount_value_required: boolean;
  /** What the method can spend now: the bonus counts only where it may (lib/welcome-bonus.ts). */
  available_in_cents: number;
}

export type AmountCheck = { ok: true; cents: number } | { ok: false; message: string };

/** The Amount Input's rules, in the order a customer fixes them. */
export function checkAmount(input: string, rules: AmountRules): AmountCheck {
  if (input.trim() === '') return { ok: false, message: 'Enter an amount' };
  const cents = parseDollarsToCents(input);
  if (cents === null) return { ok: false, message: 'Enter an amount like 25 or 25.50' };
  if (cents === 0) return { ok: false, message: 'Enter an amount above zero' };
  if (rules.is_whole_amount_value_required && cents % 100 !== 0) {
    return { ok: false, message: 'Enter a whole dollar amount, without cents' };
  }
  if (cents < rules.min_amount) {
    return { ok: false, message: `The minimum is ${formatMoney(rules.min_amount)}` };
  }
  if (rules.max_amount > 0 && cents > rules.max_amount) {
    return { ok: false, message: `The maximum is ${formatMoney(rules.max_amount)}` };
  }
  if (cents > rules.available_in_cents) return { ok: false, message: messages.notEnoughBalance };
  return { ok: true, cents };
}

export interface RedemptionSummary {
  amount: number;
  fee: number;
  /** What reaches the customer's card or bank account. */
  net: number;
}

export function summarize(amountCents: number, feeRateBps: number): RedemptionSummary {
  const fee = feeCents(amountCents, feeRateBps);
  return { amount: amountCents, fee, net: amountCents - fee };
}

/** A fee rate in basis points as a percentage: 150 → '1.5%'. */
export const formatFeeRate = (bps: number): string => formatPercent(bps);
