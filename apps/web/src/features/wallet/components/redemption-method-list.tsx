import type { RedemptionMethod } from '@refund/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useRedemptionMethods } from '../api/get-redemption-methods';
import { useMethodUI } from '../../../lib/methods/method-registry';

const rowClass = 'flex min-h-16 items-center gap-4 rounded-xl px-3 py-3';

function MethodRow({ method }: { method: RedemptionMethod }) {
  const { t } = useTranslation();
  const ui = useMethodUI(method.mode);
  const name = t(ui.labelKey);
  // Home links to a method's first screen only while the API lists it as available.
  const href = method.is_available ? ui.startHref({ selectedGiftcardBrand: null }) : undefined;
  const Icon = ui.icon;
  const icon = (
    <span
      className={`grid size-10 shrink-0 place-items-center rounded-full ${
        href
          ? 'bg-primary-soft text-on-primary-soft'
          : 'border border-dashed border-field-line text-ink-muted'
      }`}
    >
      <Icon aria-hidden="true" focusable="false" className="size-5" />
    </span>
  );

  if (!href) {
    return (
      <div className={rowClass} aria-disabled="true">
        {icon}
        <span className="flex flex-col">
          <span className="font-semibold text-ink-muted">{name}</span>
          <span className="text-sm text-ink-muted">{t('wallet.methodUnavailable')}</span>
        </span>
      </div>
    );
  }

  return (
    <Link to={href} className={`${rowClass} hover:bg-surface-muted`}>
      {icon}
      <span className="flex flex-1 flex-col">
        <span className="font-semibold text-ink">{name}</span>
        <span className="text-sm text-ink-muted">{t(ui.descriptionKey)}</span>
      </span>
      <span aria-hidden="true" className="text-xl text-ink-muted">
        ›
      </span>
    </Link>
  );
}

export function RedemptionMethodList() {
  const { t } = useTranslation();
  const methods = useRedemptionMethods();

  return (
    <Card aria-labelledby="redemption-methods-heading" className="flex flex-col gap-2">
      <h2 id="redemption-methods-heading" className="text-lg font-semibold text-ink">
        {t('wallet.chooseMethod')}
      </h2>
      {methods.isPending && <LoadingState label={t('wallet.loadingMethods')} />}
      {methods.isError && (
        <ErrorState message={t('wallet.methodsError')} onRetry={() => void methods.refetch()} />
      )}
      {methods.isSuccess && methods.data.length === 0 && (
        <p className="py-2 text-ink-muted">{t('wallet.noMethods')}</p>
      )}
      {methods.isSuccess && methods.data.length > 0 && (
        <ul className="-mx-3 flex flex-col divide-y divide-line">
          {methods.data.map((method) => (
            <li key={method.mode}>
              <MethodRow method={method} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
