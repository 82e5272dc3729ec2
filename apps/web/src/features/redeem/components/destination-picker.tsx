import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import type { PayoutDestination } from '../payout-destination';
import { PaymentMethodList } from './payment-method-list';

interface DestinationPickerProps<T> {
  destination: PayoutDestination<T>;
  selectedId: string | null;
  onSelect: (destination: T) => void;
  error: string | null;
}

/** The customer's saved destinations of one kind to pay out to, and the ways to add one. */
export function DestinationPicker<T>({
  destination,
  selectedId,
  onSelect,
  error,
}: DestinationPickerProps<T>) {
  const { t } = useTranslation();
  const { mode, AddActions } = destination;
  const saved = destination.useSaved();
  const options = (saved.data ?? []).map((item) => ({
    id: destination.idOf(item),
    label: destination.label(item),
    detail: destination.detail(t, item),
    item,
  }));

  // One saved destination is the one the money goes to: the customer is not asked to pick it (a
  // keyboard walk tabs past an unchecked radio, and Continue answered "Choose a debit card").
  // The same when the flow holds a choice that is no longer saved (removed meanwhile).
  const only = options.length === 1 ? options[0] : undefined;
  const chosenIsSaved = options.some((option) => option.id === selectedId);
  const chooseOnly = useEffectEvent(() => {
    if (only && !chosenIsSaved) onSelect(only.item);
  });
  useEffect(() => chooseOnly(), [only?.id, chosenIsSaved]);

  if (saved.isPending) return <LoadingState label={t(`redeem.${mode}.loading`)} />;
  if (saved.isError) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void saved.refetch()} />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {options.length === 0 ? (
        <p className="text-ink-muted">{t(`redeem.${mode}.none`)}</p>
      ) : (
        <PaymentMethodList
          legend={t(`redeem.${mode}.legend`)}
          options={options}
          selectedId={selectedId}
          onSelect={(option) => onSelect(option.item)}
          error={error}
        />
      )}
      {options.length === 0 && error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <AddActions />
    </div>
  );
}
