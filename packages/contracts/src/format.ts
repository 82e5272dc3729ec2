import dayjs from 'dayjs';

// Numbers are written out here rather than by Intl.NumberFormat, as en-US writes them: a page's
// first number format makes the browser load its number-formatting data, 50-150 ms of a phone's
// main thread (measured at Lighthouse's 4x slowdown), on the very screens that show a balance
// or a refund first. format.test.ts checks every form against Intl.NumberFormat itself.

/** A whole number with its thousands grouped: 1234567 → '1,234,567'. */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** Money is integer cents everywhere; this is the only place it becomes dollars: '-$1,234.50'. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const size = Math.abs(cents);
  const dollars = grouped(Math.floor(size / 100));
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(size % 100).padStart(2, '0')}`;
}

/**
 * A rate in basis points as a number of percent with at most two decimals, without the % sign:
 * 150 → '1.5', 400 → '4', 1 → '0.01' (a fraction of a basis point is rounded).
 */
export function formatPercentFigure(bps: number): string {
  const size = Math.round(Math.abs(bps));
  const hundredths = size % 100;
  const decimals =
    hundredths === 0 ? '' : `.${String(hundredths).padStart(2, '0').replace(/0$/, '')}`;
  return `${bps < 0 && size > 0 ? '-' : ''}${grouped(Math.floor(size / 100))}${decimals}`;
}

/** A rate in basis points as a percentage: 150 → '1.5%'. */
export const formatPercent = (bps: number): string => `${formatPercentFigure(bps)}%`;

/** Dollars without cents when the amount is whole ("$10"), else with cents ("$10.50"). */
export function formatMoneyShort(cents: number): string {
  return cents % 100 === 0 ? formatMoney(cents).replace(/\.00$/, '') : formatMoney(cents);
}

/** 'Mon D, YYYY h:mm AM/PM' in the viewer's time zone. */
export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).format('MMM D, YYYY h:mm A');
}

/** 'M/D/YYYY'. A bare calendar date (YYYY-MM-DD) is shown as that day, in any time zone. */
export function formatShortDate(value: string | number | Date): string {
  return dayjs(value).format('M/D/YYYY');
}

/** 'June 30, 2027'. A bare calendar date (YYYY-MM-DD) is shown as that day, in any time zone. */
export function formatLongDate(value: string | number | Date): string {
  return dayjs(value).format('MMMM D, YYYY');
}

/** '+1 xxx-xxx-xxxx' for a ten-digit US number (separators ignored). */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return phone;
  return `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** '+1 xxx-xxx-1234' showing only the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+1 xxx-xxx-${digits.slice(-4)}`;
}

/** 'r•••@example.com': enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
