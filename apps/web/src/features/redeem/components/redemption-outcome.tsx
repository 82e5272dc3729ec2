import { useTrackOnce } from '../../../lib/analytics-events';
import { formatMoney } from '@refund/contracts/format';
import type { Transaction } from '@refund/contracts/redemptions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';
import { RatingPrompt } from './rating-prompt';
import { RedemptionSummary } from './redemption-summary';

interface RedemptionOutcomeProps {
  transaction: Transaction;
  /** The transaction's method: what its outcome says, and where what it bought is kept. */
  method: MethodUI;
  /** Where the money went, named as the transaction history names it ('Visa •••• 5556'). */
  destination: string;
  /** Where a failed redemption starts again: its method's first step. */
  retryHref: string;
  /** A gift card's earn-rewards reward, which its quote locked; paid once the card is issued. */
  rewardCents?: number | undefined;
  /** Rated, skipped, or left after a failure. */
  onDone: (rated: boolean) => void;
}

/** The outcome's mark: a tick only once paid, a clock while on its way, '!' when it failed. */
function Mark({ tone }: { tone: 'success' | 'pending' | 'danger' }) {
  const look = {
    success: 'bg-success-soft text-success',
    pending: 'bg-surface-muted text-ink-muted',
    danger: 'bg-danger-soft text-danger',
  }[tone];
  return (
    <span
      aria-hidden="true"
      data-mark={tone}
      className={`grid size-16 place-items-center rounded-full text-3xl font-bold ${look}`}
    >
      {tone === 'success' ? (
        '✓'
      ) : tone === 'danger' ? (
        '!'
      ) : (
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
      )}
    </span>
  );
}

/**
 * What a redemption came to, headed by its status. Accepted: Redemption Successful when paid,
 * Redemption Pending while on its way, both with the rating prompt and Skip. Refused by the
 * card's bank: Redemption failed, why, and that the balance is unchanged.
 */
export function RedemptionOutcome({
  transaction,
  method,
  destination,
  retryHref,
  rewardCents = 0,
  onDone,
}: RedemptionOutcomeProps) {
  // A result screen: the outcome is what the customer needs to hear first.
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { t } = useTranslation();
  const outcome = transaction.status === 'Failed' ? 'redemption_failed' : 'redemption_completed';
  useTrackOnce(true, outcome, { method: transaction.mode });
  const summary = {
    amount: transaction.amount_in_cents,
    fee: transaction.fee_in_cents,
    net: transaction.net_amount_in_cents,
  };

  if (transaction.status === 'Failed') {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <Mark tone="danger" />
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink">
          {t('redemptionTitle.Failed')}
        </h1>
        <p role="alert" className="text-ink">
          {transaction.failure_reason ?? t('redeem.outcome.failedGeneric')}
        </p>
        <p className="text-ink-muted">
          {t('redeem.outcome.balanceUnchanged', {
            amount: formatMoney(transaction.amount_in_cents),
          })}
        </p>
        <div className="flex w-full flex-col gap-2">
          <Link to={retryHref} className={buttonVariants.primary}>
            {t('redeem.outcome.tryAgain')}
          </Link>
          <Link
            to={paths.home.href()}
            className={buttonVariants.ghost}
            onClick={() => onDone(false)}
          >
            {t('common.goHome')}
          </Link>
        </div>
      </div>
    );
  }

  const paid = transaction.status === 'Successful';
  const said = method.outcome.message(transaction);
  const message = t(said.key, {
    amount: formatMoney(transaction.net_amount_in_cents),
    destination,
    brand: transaction.destination.brand ?? '',
    name: said.name ?? '',
  });
  const { netLabelKey, keptAt } = method.outcome;
  const netLabel = netLabelKey ? t(netLabelKey) : undefined;

  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <Mark tone={paid ? 'success' : 'pending'} />
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink">
        {t(`redemptionTitle.${transaction.status}`)}
      </h1>
      <p role="status" className="text-ink">
        {message}
      </p>
      {rewardCents > 0 && (
        <p className="rounded-xl bg-success-soft px-4 py-3 font-semibold text-success">
          {t(paid ? 'earnRewards.outcome.rewardAdded' : 'earnRewards.outcome.rewardPending', {
            amount: formatMoney(rewardCents),
          })}
        </p>
      )}
      <div className="w-full text-left">
        <RedemptionSummary summary={summary} feeRate={0} netLabel={netLabel} />
      </div>
      {keptAt && (
        <Link to={keptAt.href} className={`${buttonVariants.primary} w-full`}>
          {t(keptAt.labelKey)}
        </Link>
      )}
      <Link
        to={paths.transaction.href(transaction.transaction_id)}
        className="font-semibold text-primary underline underline-offset-4"
      >
        {t('redeem.outcome.viewDetails')}
      </Link>
      <div className="w-full border-t border-line pt-5">
        <RatingPrompt transactionId={transaction.transaction_id} onDone={onDone} />
      </div>
    </div>
  );
}
