import type { Card } from '@refund/contracts/cards';
import { useCards } from '../../../features/cards/api/get-cards';
import { cardDetail, cardLabel } from '../../../features/cards/card-label';
import { AddCardLink } from '../../../features/cards/components/add-card-link';
import type { PayoutDestination } from '../../../features/redeem/payout-destination';

/** Debit card redemptions pay out to the customer's saved cards. */
export const cardDestination: PayoutDestination<Card> = {
  mode: 'debit',
  useSaved: useCards,
  idOf: (card) => card.card_uuid,
  label: cardLabel,
  detail: cardDetail,
  AddActions: AddCardLink,
};
