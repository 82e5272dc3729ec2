import { bankLinkSessionSchema, type BankLinkSession } from '@refund/contracts/banks';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

/** Opens a linking session at the bank-linking provider; the customer is sent to its page. */
export async function startBankLink(): Promise<BankLinkSession> {
  return parseAnswer(bankLinkSessionSchema, await api.post('/bank-link/sessions'));
}

export const useStartBankLink = () => useMutation({ mutationFn: startBankLink });
