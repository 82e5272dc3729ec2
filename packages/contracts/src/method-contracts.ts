import { bankContract } from './methods/bank';
import { debitContract } from './methods/debit';
import { fanCashContract } from './methods/fancash';
import { earnRewardsContract, giftCardContract } from './methods/gift-card';
import { prepaidContract } from './methods/prepaid';

/**
 * The redemption methods the contracts know, one line each, in the order they are offered: the
 * modes (`wallet.ts`), the destination kinds and shapes (`redemptions.ts`) and the methods'
 * own errors (`errors.ts`) are read from this list.
 */
export const methodContracts = [
  debitContract,
  bankContract,
  prepaidContract,
  giftCardContract,
  fanCashContract,
  earnRewardsContract,
] as const;
