import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Db } from './db/database';
import type { JobQueue } from './jobs/job-queue';
import type { CardPayouts } from './providers/ports';
import type { CardVault } from './features/cards/card-vault';
import { createBankAccountMethod } from './features/payouts/methods/bank-account';
import { createDebitCardMethod } from './features/payouts/methods/debit-card/debit-card';
import { createFanCashMethod } from './features/fancash/fancash-method';
import type { IssuerHealth } from './features/giftcards/giftcard-purchases';
import { createGiftCardMethod } from './features/giftcards/giftcard-method';
import { createPrepaidCardMethod } from './features/prepaid-cards/prepaid-card-method';
import { pushHolderOf } from './features/payouts/methods/debit-card/push-holders';
import type { RedemptionMethod } from './features/payouts/redemption-method';
import {
  createMethodRegistry,
  type MethodRegistry,
} from './features/payouts/redemption-method-registry';

export interface PayoutMethodDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendIn'>;
  vault: CardVault;
  cardPayouts: Pick<CardPayouts, 'push'>;
  disabledModes: ReadonlySet<RedemptionMode>;
  /** The gift card issuer's health when one is configured; without one, gift cards are not offered. */
  giftCards: Pick<IssuerHealth, 'reachable'> | null;
  /**
   * Whether any brand has an earn-rewards offer; the `earn_rewards` method is offered only then
   * (registered with gift cards all the same, so past earn-rewards purchases are still shown).
   */
  earnRewards: boolean;
  /** Whether a prepaid card issuer is configured; without one, prepaid cards are not offered. */
  prepaidCards: boolean;
  /** Whether a FanCash program is configured; without one, FanCash is not offered. */
  fanCash: boolean;
  /** Methods registered beside the built-in ones (a server embedding this one, a test). */
  extra?: readonly RedemptionMethod[];
}

/**
 * The redemption methods this server offers: the one list a new method is added to (ADR 0014).
 * Every built-in method is registered, so the redemptions made with it are always shown; one
 * whose provider is not configured is registered unavailable, and takes no new redemptions. A
 * method in `extra` takes the place of the built-in one of its mode.
 */
export function createPayoutMethods(deps: PayoutMethodDeps): MethodRegistry {
  const extra = deps.extra ?? [];
  const replaced = new Set(extra.map((method) => method.mode));
  const unreachable = { reachable: false };
  const builtIn: RedemptionMethod[] = [
    createDebitCardMethod({
      db: deps.db,
      cardPayouts: deps.cardPayouts,
      vault: deps.vault,
      holder: pushHolderOf(deps.db),
    }),
    createBankAccountMethod({ jobs: deps.jobs }),
    createGiftCardMethod({ jobs: deps.jobs, health: deps.giftCards ?? unreachable }),
    createGiftCardMethod({
      jobs: deps.jobs,
      health: deps.giftCards ?? unreachable,
      mode: 'earn_rewards',
      offered: deps.earnRewards,
    }),
    createPrepaidCardMethod({ jobs: deps.jobs, offered: deps.prepaidCards }),
    createFanCashMethod({ jobs: deps.jobs, offered: deps.fanCash }),
  ];
  return createMethodRegistry(
    [...builtIn.filter((method) => !replaced.has(method.mode)), ...extra],
    deps.disabledModes,
  );
}
