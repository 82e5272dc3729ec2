import type { TFunction } from 'i18next';

/** A brand's earn-rewards reward in words, e.g. "Earn 15% back" (ADR 0024). */
export const rewardLabel = (t: TFunction, rewardBps: number): string =>
  t('earnRewards.rewardLabel', {
    rate: `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(rewardBps / 100)}%`,
  });
