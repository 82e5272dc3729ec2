import { z } from 'zod';
import { defineMethodContract, destinationBase } from './method-contract';

/** FanCash store credit, added to the customer's linked account at the sports merchant. */
export const fanCashContract = defineMethodContract({
  mode: 'fancash',
  destination: z.object({
    kind: z.literal('fancash'),
    ...destinationBase,
    /** The account credited, as the program names it (the fan's name). */
    account_name: z.string(),
  }),
});
