import { giftCardValueSchema, type GiftCardValue } from '@refund/contracts/brands';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a card of this amount is worth now, as the server works out a quote (nothing locked). */
export async function getGiftCardValue(
  brandId: string,
  amountCents: number,
  signal?: AbortSignal,
): Promise<GiftCardValue> {
  return parseAnswer(
    giftCardValueSchema,
    await api.get(`/brands/${brandId}/value`, { amount_in_cents: amountCents }, { signal }),
  );
}

/** How long typing rests before the value of the typed amount is asked for. */
const TYPING_PAUSE_MS = 250;

function useSettled(value: number | null, delayMs: number): number | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The server's value of the amount on screen: the figures shown before Continue are those a
 * quote locks and the ledger credits (ADR 0030). A typed amount is asked for once typing rests;
 * the last value stays on screen meanwhile, marked as being updated.
 */
export function useGiftCardValue(
  brandId: string,
  amountCents: number | null,
  options: { typed: boolean },
) {
  const settled = useSettled(amountCents, options.typed ? TYPING_PAUSE_MS : 0);
  const asked = options.typed ? settled : amountCents;
  const query = useQuery({
    queryKey: [...queryKeys.brands.all, brandId, 'value', asked],
    queryFn: ({ signal }) => getGiftCardValue(brandId, asked ?? 0, signal),
    enabled: asked !== null && asked > 0,
    placeholderData: keepPreviousData,
    // The brand's offer can change: a value is asked again after a minute.
    staleTime: 60_000,
    retry: false,
  });
  const value = query.data?.amount_in_cents === amountCents ? query.data : undefined;
  // A refusal (an amount outside the brand's limits) shows no value: Continue says why.
  const refused = query.isError && asked === amountCents;
  return { value, working: amountCents !== null && value === undefined && !refused };
}
