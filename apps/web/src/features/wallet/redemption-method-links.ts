import type { RedemptionMode } from '@refund/contracts/wallet';
import { paths } from '../../config/paths';

/**
 * The screen each built redemption method starts on. A method without one here is never offered,
 * whatever the API says: FanCash and earn rewards are not built yet.
 */
export const redemptionMethodHref: Partial<Record<RedemptionMode, string>> = {
  debit: paths.redeemDebit.href(),
  bank: paths.redeemBank.href(),
  giftcard: paths.redeemGiftCard.href(),
  prepaid: paths.redeemPrepaid.href(),
};
