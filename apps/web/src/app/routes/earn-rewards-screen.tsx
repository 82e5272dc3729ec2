import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useEarnRewards } from '../../features/brands/api/get-earn-rewards';
import { BrandTile } from '../../features/brands/components/brand-tile';
import { rewardLabel } from '../../features/brands/reward-label';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';

/**
 * Earn Rewards (/earnRewards): the brands that reward the customer for redeeming with them, the
 * highest reward first, each with its cashback; each leads to its page to buy a card.
 */
export function EarnRewardsScreen() {
  const { t } = useTranslation();
  const title = t('titles.earnRewards');
  useDocumentTitle(title);
  const rewards = useEarnRewards();
  const methods = useRedemptionMethods();

  const body = () => {
    if (rewards.isPending || methods.isPending) {
      return <LoadingState label={t('earnRewards.loading')} />;
    }
    if (rewards.isError || methods.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void Promise.all([rewards.refetch(), methods.refetch()])}
        />
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
    if (!methods.data.some((m) => m.mode === 'earn_rewards' && m.is_available)) {
      return <MethodUnavailable />;
    }
    return (
      <ul aria-label={t('earnRewards.listLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {rewards.data.map((offer) => (
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
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading intro={t('earnRewards.intro')}>{title}</PageHeading>
      {body()}
    </div>
  );
}
