import { z } from 'zod';
import { defineMethodContract, destinationBase } from './method-contract';

/** A payout to one of the customer's debit cards. */
export const debitContract = defineMethodContract({
  mode: 'debit',
  destination: z.object({ kind: z.literal('card'), ...destinationBase }),
});
