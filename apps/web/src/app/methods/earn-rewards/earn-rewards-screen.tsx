import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import {
  earnRewardsQueryOptions,
  useEarnRewards,
} from '../../../features/brands/api/get-earn-rewards';
import { useQuery } from '@tanstack/react-query';
import { BrandTile } from '../../../features/brands/components/brand-tile';
import { rewardLabel } from '../../../features/brands/reward-label';
import { MethodStartScreen, type MethodGateProps } from '../../routes/method-start-screen';

/**
 * The earn-rewards list is read from the first render, beside the screen's own reads; until it
 * is, and when it cannot be read or has no brand, that stands in the choice's place.
 */
function RewardsGate({ children }: MethodGateProps) {
  const { t } = useTranslation();
  const rewards = useEarnRewards();
  if (rewards.isPending) return <LoadingState label={t('earnRewards.loading')} />;
  if (rewards.isError) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void rewards.refetch()} />
    );
  }
  if (rewards.data.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-4">
        <p role="status" className="text-ink">
          {t('earnRewards.empty')}
        </p>
        <Link to={paths.home.href()} className={buttonVariants.secondary}>
          {t('common.goHome')}
        </Link>
      </Card>
    );
  }
  return children;
}

/** Earn Rewards' choice: the brand, the highest reward first, each with its cashback. */
function RewardChoice() {
  const { t } = useTranslation();
  // What the gate read and keeps fresh: this only shows it.
  const rewards = useQuery({ ...earnRewardsQueryOptions(), enabled: false });
  return (
    <ul aria-label={t('earnRewards.listLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {(rewards.data ?? []).map((offer) => (
        <li key={offer.brand.id}>
          <BrandTile
            brand={offer.brand}
            href={paths.earnRewardsBrand.href(offer.brand.id)}
            reward={rewardLabel(t, offer.reward_bps)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Earn Rewards (/earnRewards): the shared start screen with the brands that reward the customer
 * for redeeming with them; each leads to its page to buy a card.
 */
export function EarnRewardsScreen() {
  return (
    <MethodStartScreen
      mode="earn_rewards"
      Choice={RewardChoice}
      Gate={RewardsGate}
      loadingKey="earnRewards.loading"
      wide
    />
  );
}
