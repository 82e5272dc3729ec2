import type { BankAccount } from '@refund/contracts/banks';
import type { Card as DebitCard } from '@refund/contracts/cards';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { useBankAccounts } from '../../features/bank/api/get-bank-accounts';
import { useRemoveBankAccount } from '../../features/bank/api/remove-bank-account';
import { bankAccountDetail, bankAccountLabel } from '../../features/bank/bank-account-label';
import { AddBankAccountLinks } from '../../features/bank/components/add-bank-account-links';
import { useCards } from '../../features/cards/api/get-cards';
import { useRemoveCard } from '../../features/cards/api/remove-card';
import { cardExpiry, cardLabel } from '../../features/cards/card-label';
import { AddCardLink } from '../../features/cards/components/add-card-link';

interface Removal {
  kind: 'card' | 'bank';
  id: string;
  name: string;
}

/** One saved method: its name, a detail line, and Remove. */
function MethodRow(props: { name: string; detail: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold text-ink">{props.name}</span>
        <span className="text-sm text-ink-muted">{props.detail}</span>
      </div>
      <Button
        variant="danger"
        onClick={props.onRemove}
        aria-label={t('account.payment.removeLabel', { name: props.name })}
      >
        {t('account.payment.remove')}
      </Button>
    </li>
  );
}

function MethodSection(props: {
  title: string;
  empty: string;
  count: number;
  add: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {props.title}
      </h2>
      {props.count === 0 ? (
        <p className="text-ink-muted">{props.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">{props.children}</ul>
      )}
      {props.add}
    </Card>
  );
}

/**
 * The customer's saved debit cards and bank accounts, each removable after a confirmation.
 * A removal refreshes every list of them (the redeem screens' too) and the security activity.
 */
export function PaymentMethods() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cards = useCards();
  const accounts = useBankAccounts();
  const removeCard = useRemoveCard();
  const removeBankAccount = useRemoveBankAccount();
  const [removal, setRemoval] = useState<Removal | null>(null);

  if (cards.isPending || accounts.isPending) {
    return <LoadingState label={t('account.payment.loading')} />;
  }
  if (cards.isError || accounts.isError) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => {
          if (cards.isError) void cards.refetch();
          if (accounts.isError) void accounts.refetch();
        }}
      />
    );
  }

  const removing = removeCard.isPending || removeBankAccount.isPending;
  const confirm = () => {
    if (!removal) return;
    const mutation = removal.kind === 'card' ? removeCard : removeBankAccount;
    mutation.mutate(removal.id, {
      onSuccess: () => {
        setRemoval(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.securityActivity.all });
        notify.success(
          t(
            removal.kind === 'card' ? 'account.payment.cardRemoved' : 'account.payment.bankRemoved',
          ),
        );
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <MethodSection
        title={t('account.payment.cardsTitle')}
        empty={t('account.payment.cardsEmpty')}
        count={cards.data.length}
        add={<AddCardLink />}
      >
        {cards.data.map((card: DebitCard) => (
          <MethodRow
            key={card.card_uuid}
            name={cardLabel(card)}
            detail={t('account.payment.cardExpiry', { expiry: cardExpiry(card) })}
            onRemove={() => setRemoval({ kind: 'card', id: card.card_uuid, name: cardLabel(card) })}
          />
        ))}
      </MethodSection>
      <MethodSection
        title={t('account.payment.banksTitle')}
        empty={t('account.payment.banksEmpty')}
        count={accounts.data.length}
        add={<AddBankAccountLinks />}
      >
        {accounts.data.map((account: BankAccount) => (
          <MethodRow
            key={account.bank_account_uuid}
            name={bankAccountLabel(account)}
            detail={bankAccountDetail(t, account)}
            onRemove={() =>
              setRemoval({
                kind: 'bank',
                id: account.bank_account_uuid,
                name: bankAccountLabel(account),
              })
            }
          />
        ))}
      </MethodSection>
      <Dialog
        open={removal !== null}
        onClose={() => setRemoval(null)}
        title={t(
          removal?.kind === 'bank'
            ? 'account.payment.removeBankTitle'
            : 'account.payment.removeCardTitle',
        )}
        actions={
          <div className="mt-2 flex flex-col gap-2 sm:flex-row-reverse">
            <Button variant="danger" onClick={confirm} loading={removing} className="flex-1">
              {t('account.payment.confirmRemove')}
            </Button>
            <Button variant="secondary" onClick={() => setRemoval(null)} className="flex-1">
              {t('account.payment.cancel')}
            </Button>
          </div>
        }
      >
        <p>
          {t(
            removal?.kind === 'bank'
              ? 'account.payment.removeBankBody'
              : 'account.payment.removeCardBody',
            { name: removal?.name ?? '' },
          )}
        </p>
      </Dialog>
    </div>
  );
}
