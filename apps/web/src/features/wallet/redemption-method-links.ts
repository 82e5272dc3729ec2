import type { RedemptionMode } from '@refund/contracts/wallet';
import { paths } from '../../config/paths';

/**
 * The screen each redemption method starts on; home links to it only while the API lists the
 * method as available. Every mode has one, so a new mode cannot be offered without its screen.
 */
export const redemptionMethodHref: Record<RedemptionMode, string> = {
  debit: paths.redeemDebit.href(),
  bank: paths.redeemBank.href(),
  giftcard: paths.redeemGiftCard.href(),
  prepaid: paths.redeemPrepaid.href(),
  fancash: paths.redeemFanCash.href(),
  earn_rewards: paths.earnRewards.href(),
};
