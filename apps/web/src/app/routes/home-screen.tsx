import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/query-state';
import { useUnclaimedRefunds } from '../../features/claim/api/get-unclaimed-refunds';
import { UnclaimedRefunds } from '../../features/claim/components/unclaimed-refunds';
import { useFreePlay } from '../../features/promotions/api/get-free-play';
import { useSpotlight } from '../../features/spotlight/api/get-spotlight';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { BalanceCard } from '../../features/wallet/components/balance-card';
import { RedemptionMethodList } from '../../features/wallet/components/redemption-method-list';
import { ReturnItemCard } from '../../features/wallet/components/return-item-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HomeOffersCard } from './home-offers-card';

/** Past this, the rest of home shows with what has come in: one slow answer must not hide it. */
export const HOME_WAIT_MS = 3_000;

/**
 * Whether the rest of home shows: once every answer that decides its layout has come in, or
 * failed (the balance and its bonus row, the refunds waiting to be claimed, the redemption
 * methods, the offers), or HOME_WAIT_MS have passed. Once shown it stays, also while a card
 * loads again (a Retry).
 */
function useRestOfHomeShown(): boolean {
  const answers = [
    useWalletBalance(),
    useUnclaimedRefunds(),
    useRedemptionMethods(),
    useSpotlight(),
    useFreePlay(),
  ];
  const answered = answers.every((answer) => !answer.isPending);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  const [shown, setShown] = useState(false);
  if (!shown && (answered || waitedLongEnough)) setShown(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedLongEnough(true), HOME_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return shown;
}

/**
 * The balance card shows at once, with its own loading state; the rest of the page waits, hidden,
 * for home's answers and then appears in one piece below it. Cards growing or appearing one
 * after the other as their answers came in would push what is already on screen down the page.
 * The cards are there from the start, only hidden, so each follows its answer as it always does.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.home'));
  const balance = useWalletBalance();
  const waiting = !useRestOfHomeShown();
  return (
    <div className="grid gap-5 md:grid-cols-5">
      <div className="md:col-span-5">
        <BalanceCard />
      </div>
      {waiting && !balance.isPending && (
        <div className="md:col-span-5">
          <LoadingState />
        </div>
      )}
      <div hidden={waiting} className="empty:hidden md:col-span-5">
        <UnclaimedRefunds />
      </div>
      <div hidden={waiting} className="md:col-span-3">
        <RedemptionMethodList />
      </div>
      <div hidden={waiting} className="flex flex-col gap-5 md:col-span-2">
        <ReturnItemCard />
        <HomeOffersCard />
      </div>
    </div>
  );
}
