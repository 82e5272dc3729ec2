import { fanCashLinkStartSchema } from '@refund/contracts/fancash';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { leaveApp } from '../../../lib/leave-app';

/** Where the customer signs in at the sports merchant to link their FanCash account. */
export async function startFanCashLink(): Promise<string> {
  return parseAnswer(fanCashLinkStartSchema, await api.post('/fancash/link/start')).authorize_url;
}

/** Leaves for the merchant's sign-in; it sends the customer back to /redeem/fancash. */
export const useStartFanCashLink = () =>
  useMutation({
    mutationFn: startFanCashLink,
    onSuccess: (authorizeUrl) => leaveApp(authorizeUrl),
  });
