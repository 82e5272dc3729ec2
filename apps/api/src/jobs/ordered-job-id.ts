import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A job id that sorts after every earlier one from this process. pg-boss fetches jobs by
 * creation time, then id, and every job of one transaction has the same creation time (the
 * transaction's start): without this, the jobs of one transaction would be worked in a random
 * order, e.g. a refund's `refund.paid_out` webhook before its `refund.claimed`.
 */
export function orderedJobId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence = (sequence + 1) % 0x1_0000;
  }
  const hex =
    lastMs.toString(16).padStart(12, '0') +
    sequence.toString(16).padStart(4, '0') +
    randomBytes(8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
