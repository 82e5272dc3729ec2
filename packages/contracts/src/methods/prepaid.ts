import { z } from 'zod';
import { prepaidCardStatuses } from '../prepaid-cards';
import { defineMethodContract, destinationBase } from './method-contract';

/** A prepaid Visa card issued to the customer and loaded with the amount. */
export const prepaidContract = defineMethodContract({
  mode: 'prepaid',
  destination: z.object({
    kind: z.literal('prepaid_card'),
    ...destinationBase,
    /** The card's status (prepaid-cards.ts), so a list can offer "Activate" on an inactive one. */
    card_status: z.enum(prepaidCardStatuses),
  }),
});
