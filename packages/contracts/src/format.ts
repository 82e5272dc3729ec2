import dayjs from 'dayjs';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money is integer cents everywhere; this is the only place it becomes dollars. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return usd.format(cents / 100);
}

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
