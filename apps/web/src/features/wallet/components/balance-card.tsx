import { formatMoney, formatShortDate } from '@refund/contracts/format';
import type { WalletBalance } from '@refund/contracts/wallet';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAppConfig } from '../../../lib/get-app-config';
import { useFocusOnRouteChange } from '../../../lib/route-focus';
import { bonusLastDay, liveBonusCents } from '../../../lib/welcome-bonus';
import { useWalletBalance } from '../api/get-wallet-balance';

/**
 * The welcome bonus, apart from the refunded money: what is left and until when it can be spent.
 * It comes with the balance, so it never moves the rows around it after they are shown; the
 * last day is the configured one, or else read from the balance itself while that loads.
 */
function BonusRow({ balance, cents }: { balance: WalletBalance; cents: number }) {
  const { t } = useTranslation();
  const lastDay = bonusLastDay(balance, useAppConfig().data?.welcome_bonus);
  return (
    <div className="col-span-2 mb-4 border-b border-on-hero/30 pb-4">
      <dt className="text-sm">{t('wallet.bonus')}</dt>
      <dd data-testid="balance-bonus" className="text-lg font-semibold tabular-nums">
        {formatMoney(cents)}
      </dd>
      {lastDay && (
        <dd data-testid="balance-bonus-until" className="text-sm">
          {t('wallet.bonusUntil', { date: formatShortDate(lastDay) })}
        </dd>
      )}
    </div>
  );
}

/**
 * The home page's headline: "My Money" and the available balance, large; then the welcome bonus
 * (when there is one), pending and total.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  // Home's heading: it takes focus when the customer arrives here from another screen.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnRouteChange(headingRef);
  const balance = useWalletBalance();
  const bonusCents = balance.data ? liveBonusCents(balance.data) : 0;

  return (
    <section
      aria-labelledby="my-money-heading"
      className="rounded-3xl bg-linear-to-br from-hero-from to-hero-to p-6 text-on-hero shadow-md sm:p-8"
    >
      <h1 id="my-money-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {t('wallet.myMoney')}
      </h1>

      {balance.isPending && (
        <p role="status" className="mt-6 flex items-center gap-3">
          <Spinner />
          {t('wallet.loadingBalance')}
        </p>
      )}

      {balance.isError && (
        <div role="alert" className="mt-4 flex flex-col items-start gap-3">
          <p>{t('wallet.balanceError')}</p>
          <Button
            variant="secondary"
            onClick={() => void balance.refetch()}
            className="border-on-hero"
          >
            {t('common.retry')}
          </Button>
        </div>
      )}

      {balance.isSuccess && (
        <dl className="mt-4 grid grid-cols-2 gap-x-8">
          <div className="col-span-2 mb-4 border-b border-on-hero/30 pb-5">
            <dt className="text-sm font-medium">{t('wallet.available')}</dt>
            <dd
              data-testid="balance-available"
              className="text-4xl font-bold tracking-tight tabular-nums sm:text-5xl"
            >
              {formatMoney(balance.data.available_in_cents)}
            </dd>
          </div>
          {bonusCents > 0 && <BonusRow balance={balance.data} cents={bonusCents} />}
          <div>
            <dt className="text-sm">{t('wallet.pending')}</dt>
            <dd data-testid="balance-pending" className="text-lg font-semibold tabular-nums">
              {formatMoney(balance.data.pending_in_cents)}
            </dd>
          </div>
          <div>
            <dt className="text-sm">{t('wallet.total')}</dt>
            <dd data-testid="balance-total" className="text-lg font-semibold tabular-nums">
              {formatMoney(balance.data.total_in_cents)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
