import { useTranslation } from 'react-i18next';
import { UnclaimedRefunds } from '../../features/claim/components/unclaimed-refunds';
import { BalanceCard } from '../../features/wallet/components/balance-card';
import { RedemptionMethodList } from '../../features/wallet/components/redemption-method-list';
import { ReturnItemCard } from '../../features/wallet/components/return-item-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HomeOffersCard } from './home-offers-card';

export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.home'));
  return (
    <div className="grid gap-5 md:grid-cols-5">
      <div className="md:col-span-5">
        <BalanceCard />
      </div>
      <div className="empty:hidden md:col-span-5">
        <UnclaimedRefunds />
      </div>
      <div className="md:col-span-3">
        <RedemptionMethodList />
      </div>
      <div className="flex flex-col gap-5 md:col-span-2">
        <ReturnItemCard />
        <HomeOffersCard />
      </div>
    </div>
  );
}
