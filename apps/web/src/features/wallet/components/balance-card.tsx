import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useWalletBalance } from '../api/get-wallet-balance';

/** The home page's headline: "My Money" and the available balance, large. */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useWalletBalance();

  return (
    <section
      aria-labelledby="my-money-heading"
      className="rounded-3xl bg-linear-to-br from-hero-from to-hero-to p-6 text-on-hero shadow-md sm:p-8"
    >
      <h1 id="my-money-heading" className="text-lg font-semibold">
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
