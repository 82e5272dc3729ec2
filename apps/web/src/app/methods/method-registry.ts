import type { RedemptionMode } from '@refund/contracts/wallet';
import type { MethodUI } from '../../lib/methods/method-ui';
import { bankMethod } from './bank/bank-method';
import { debitMethod } from './debit/debit-method';
import { earnRewardsMethod } from './earn-rewards/earn-rewards-method';
import { fanCashMethod } from './fancash/fancash-method';
import { giftCardMethod } from './gift-card/gift-card-method';
import { prepaidMethod } from './prepaid/prepaid-method';

/**
 * The screens of every redemption method, by mode: the one list a new method is added to on the
 * web (ADR 0014). Typed over the contracts' modes, so a mode without its screens fails to compile
 * here, never falls back to another method's.
 */
export const methodRegistry = {
  debit: debitMethod,
  bank: bankMethod,
  prepaid: prepaidMethod,
  giftcard: giftCardMethod,
  fancash: fanCashMethod,
  earn_rewards: earnRewardsMethod,
} as const satisfies Record<RedemptionMode, MethodUI>;
