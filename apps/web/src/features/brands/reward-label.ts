import { formatPercent } from '@refund/contracts/format';
import type { TFunction } from 'i18next';

/** A brand's earn-rewards reward in words, e.g. "Earn 15% back" (ADR 0024). */
export const rewardLabel = (t: TFunction, rewardBps: number): string =>
  t('earnRewards.rewardLabel', {
    rate: formatPercent(rewardBps),
  });
