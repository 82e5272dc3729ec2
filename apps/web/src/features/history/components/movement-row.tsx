import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { StatementLine } from '@refund/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardSurfaceClass } from '../../../components/card';
import { paths } from '../../../config/paths';

/**
 * A movement of the wallet's money with no refund or redemption row of its own (cashback, a
 * brand's reward, a bonus, the free play, a payout given back): what it was, when, and the
 * amount in or out, exactly as the ledger holds it. One about a redemption opens it.
 */
export function MovementRow({ line }: { line: StatementLine }) {
  const { t } = useTranslation();
  const moneyIn = line.amount_in_cents > 0;
  const amount = moneyIn
    ? t('activity.moneyIn', { amount: formatMoney(line.amount_in_cents) })
    : t('activity.moneyOut', { amount: formatMoney(-line.amount_in_cents) });
  const detail = line.refund
    ? line.refund.merchant_name
    : line.redemption
      ? t(`transactions.method.${line.redemption.mode}`)
      : null;
  const body = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold text-ink">{t(`activity.movement.${line.kind}`)}</span>
          {detail && <span className="text-sm break-words text-ink-muted">{detail}</span>}
        </span>
        <span
          className={`shrink-0 text-lg font-bold tabular-nums ${moneyIn ? 'text-success' : 'text-ink'}`}
          data-testid="activity-amount"
        >
          {amount}
        </span>
      </span>
      <time dateTime={line.occurred_at} className="text-sm text-ink-muted">
        {formatDateTime(line.occurred_at)}
      </time>
    </>
  );
  const className = `${cardSurfaceClass} flex flex-col gap-3 p-4 sm:p-5`;
  return line.redemption ? (
    <Link
      to={paths.redemptionDetails.href(line.redemption.id)}
      className={`${className} hover:bg-surface-muted`}
    >
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
