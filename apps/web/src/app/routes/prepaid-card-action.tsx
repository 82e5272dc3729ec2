import type { TransactionAction } from '../../features/transactions/components/transaction-list';
import { useDestinationText } from '../../features/transactions/components/transaction-text';
import { PrepaidCardActivation } from '../../features/prepaid/components/prepaid-card-activation';

/**
 * A redemption that loaded a prepaid card shows the card's status, and "Activate" while the card
 * is inactive (its id is the redemption's); other redemptions offer nothing more.
 */
export function usePrepaidCardAction(): TransactionAction {
  const destinationText = useDestinationText();
  return (transaction) => {
    const { destination } = transaction;
    if (destination.kind !== 'prepaid_card') return null;
    const status = destination.card_status;
    return (
      <PrepaidCardActivation
        cardUuid={transaction.transaction_id}
        status={status}
        cardLabel={destinationText(transaction)}
      />
    );
  };
}
