import type { PayoutMode } from '@refund/contracts/redemptions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useBankAccounts } from '../api/get-bank-accounts';
import { useCards } from '../api/get-cards';
import { bankAccountLabel, cardExpiry, cardLabel } from '../payout-destination';
import { PaymentMethodList, type PaymentMethodOption } from './payment-method-list';

interface DestinationPickerProps {
  mode: PayoutMode;
  selectedId: string | null;
  onSelect: (option: PaymentMethodOption) => void;
  error: string | null;
}

function useDestinations(mode: PayoutMode) {
  const { t } = useTranslation();
  const cards = useCards(mode === 'debit');
  const banks = useBankAccounts(mode === 'bank');
  if (mode === 'debit') {
    return {
      query: cards,
      options: (cards.data ?? []).map((card) => ({
        id: card.card_uuid,
        label: cardLabel(card),
        detail: t('redeem.debit.cardDetail', { expiry: cardExpiry(card) }),
      })),
    };
  }
  return {
    query: banks,
    options: (banks.data ?? []).map((account) => ({
      id: account.bank_account_uuid,
      label: bankAccountLabel(account),
      detail: t(`redeem.bank.accountDetail.${account.account_type}`),
    })),
  };
}

/** The customer's saved cards or bank accounts to pay out to, and ways to add one. */
export function DestinationPicker({ mode, selectedId, onSelect, error }: DestinationPickerProps) {
  const { t } = useTranslation();
  const { query, options } = useDestinations(mode);

  const addLinks =
    mode === 'debit' ? (
      <Link to={paths.redeemDebitAddCard.href()} className={buttonVariants.secondary}>
        {t('redeem.debit.addCard')}
      </Link>
    ) : (
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.connectBank.href()} className={`${buttonVariants.secondary} flex-1`}>
          {t('redeem.bank.linkBank')}
        </Link>
        <Link to={paths.redeemAddAccount.href()} className={`${buttonVariants.ghost} flex-1`}>
          {t('redeem.bank.enterManually')}
        </Link>
      </div>
    );

  if (query.isPending) return <LoadingState label={t(`redeem.${mode}.loading`)} />;
  if (query.isError) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void query.refetch()} />
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
          onSelect={onSelect}
          error={error}
        />
      )}
      {options.length === 0 && error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {addLinks}
    </div>
  );
}
