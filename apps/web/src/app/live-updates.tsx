import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openEventStream } from '../lib/api-client';
import { startLiveUpdates } from '../lib/live-updates';
import { queryKeys } from '../lib/query-keys';

/** What shows the customer's money and payouts: read again whenever either changes. */
const moneyKeys = [
  queryKeys.walletBalance.all,
  queryKeys.transactions.all,
  queryKeys.refunds.all,
  queryKeys.statement.all,
  queryKeys.giftCards.all,
  queryKeys.prepaidCards.all,
];

/**
 * While a customer is signed in, every screen showing their balance, a history or a payout's
 * state follows it as it changes, on any device or tab, without a reload (lib/live-updates.ts).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startLiveUpdates({
        open: (signal, lastEventId) => openEventStream('/events', signal, lastEventId),
        onChange: () => {
          for (const queryKey of moneyKeys) void queryClient.invalidateQueries({ queryKey });
        },
      }),
    [queryClient],
  );
  return null;
}
