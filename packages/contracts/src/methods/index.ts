import { bankContract } from './bank';
import { debitContract } from './debit';
import { fanCashContract } from './fancash';
import { earnRewardsContract, giftCardContract } from './gift-card';
import { prepaidContract } from './prepaid';

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
