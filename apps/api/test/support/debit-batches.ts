import type { Db } from '../../src/db/database';
import { hashOtpCode } from '../../src/features/auth/otp-code';
import { createCardVault } from '../../src/features/cards/card-vault';
import { createDebitCardMethod } from '../../src/features/payouts/methods/debit-card/debit-card';
import { pushHolderOf } from '../../src/features/payouts/methods/debit-card/push-holders';
import { createRedemptionBatches } from '../../src/features/payouts/redemption-batches';
import { TEST_OTP_SECRET } from './test-server';

/**
 * Group commit's statements for debit card redemptions, as the pipeline makes them, with the
 * pushes recorded as held by `holder` (this process by default). Nothing is pushed.
 */
export function debitCardBatches(db: Db, vaultKey: string, holder?: number) {
  const own = pushHolderOf(db);
  const method = createDebitCardMethod({
    db,
    cardPayouts: {
      push: () => Promise.reject(new Error('group commit tests push nothing')),
    },
    vault: createCardVault(db, vaultKey),
    holder: { ...own, id: holder ?? own.id },
  });
  const batches = createRedemptionBatches({
    db,
    mode: method.mode,
    group: method.groupCommit,
    otp: { codeHash: (attemptId, code) => hashOtpCode(TEST_OTP_SECRET, attemptId, code) },
  });
  return { method, batches };
}
