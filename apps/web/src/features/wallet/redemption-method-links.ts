import type { RedemptionMode } from '@refund/contracts/wallet';
import { paths } from '../../config/paths';

/** The screen each redemption method starts on. */
export const redemptionMethodHref: Record<RedemptionMode, string> = {
  debit: paths.redeemDebit.href(),
  bank: paths.redeemBank.href(),
  prepaid: paths.redeemPrepaid.href(),
  giftcard: paths.redeemGiftCard.href(),
  fancash: paths.redeemFanCash.href(),
  earn_rewards: paths.earnRewards.href(),
};
