import { formatDateTime } from '@refund/contracts/format';
import type { SecurityEvent } from '@refund/contracts/security-activity';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { NextPage } from '../../../components/next-page';
import { ErrorState } from '../../../components/query-state';
import { useSecurityActivity } from '../api/get-security-activity';

/** What happened, in words: a sign-in from a new device says so. */
export function securityActionText(t: TFunction, event: Pick<SecurityEvent, 'action' | 'fields'>) {
  if (event.action === 'signed_in' && event.fields.includes('new_device')) {
    return t('account.security.actions.signed_in_new_device');
  }
  return t(`account.security.actions.${event.action}`);
}

/** Which fields changed, where that says more than the action (a name, an address). */
function changedFields(t: TFunction, event: SecurityEvent): string | null {
  const named = event.fields
    .filter((field) => field !== 'new_device')
    .map((field) => t(`account.security.fields.${field}`, { defaultValue: '' }))
    .filter((text) => text !== '');
  return named.length > 0 ? t('account.security.changed', { fields: named.join(', ') }) : null;
}

function SecurityEventItem({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const changed = changedFields(t, event);
  return (
    <article
      aria-label={securityActionText(t, event)}
      className="flex flex-col gap-1 px-5 py-4"
      data-testid="security-event"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-ink">{securityActionText(t, event)}</h2>
        {event.this_device && (
          <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-on-primary-soft">
            {t('account.security.thisDevice')}
          </span>
        )}
      </div>
      {changed && <p className="text-sm text-ink">{changed}</p>}
      <p className="text-sm text-ink-muted">
        <span>{event.device ?? t('account.security.unknownDevice')}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
      </p>
    </article>
  );
}

/** Rows of grey while the first page loads, in the shape of the list. */
function ActivitySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="overflow-hidden rounded-2xl border border-line bg-surface">
      <span className="sr-only">{t('account.security.loading')}</span>
      <ul aria-hidden="true" className="flex flex-col divide-y divide-line">
        {[0, 1, 2, 3].map((row) => (
          <li key={row} className="flex animate-pulse flex-col gap-2 px-5 py-4">
            <span className="h-4 w-48 rounded bg-surface-muted" />
            <span className="h-3 w-64 max-w-full rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The customer's security activity, newest first, a keyset page at a time ('Load more'). */
export function SecurityActivityList() {
  const { t } = useTranslation();
  const activity = useSecurityActivity();

  if (activity.isPending) return <ActivitySkeleton />;
  if (activity.isError && !activity.data) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void activity.refetch()} />
    );
  }

  const events = activity.data.pages.flatMap((page) => page.data);
  if (events.length === 0) {
    return (
      <Card className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-ink">{t('account.security.empty')}</h2>
        <p className="text-ink-muted">{t('account.security.emptyBody')}</p>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={t('account.security.listLabel')}
        className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
      >
        {events.map((event) => (
          <li key={event.id}>
            <SecurityEventItem event={event} />
          </li>
        ))}
      </ul>
      <NextPage query={activity} label={t('account.security.loadMore')} />
    </div>
  );
}
