import { z } from 'zod';
import { defineMethodContract, destinationBase } from './method-contract';

/** A payout to one of the customer's bank accounts. */
export const bankContract = defineMethodContract({
  mode: 'bank',
  destination: z.object({ kind: z.literal('bank_account'), ...destinationBase }),
});
