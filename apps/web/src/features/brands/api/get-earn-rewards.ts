import {
  earnRewardListSchema,
  earnRewardSchema,
  type EarnReward,
} from '@refund/contracts/earn-rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The brands with an earn-rewards offer now, highest reward first (ADR 0024). */
export async function getEarnRewards(signal?: AbortSignal): Promise<EarnReward[]> {
  const answer = parseAnswer(
    earnRewardListSchema,
    await api.get('/earn-rewards', undefined, { signal }),
  );
  return answer.data;
}

export const earnRewardsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.earnRewards.list(),
    queryFn: ({ signal }) => getEarnRewards(signal),
  });

export const useEarnRewards = () => useQuery(earnRewardsQueryOptions());

/** One brand's offer; a 404 when it has none now. */
export async function getEarnReward(brandId: string, signal?: AbortSignal): Promise<EarnReward> {
  return parseAnswer(
    earnRewardSchema,
    await api.get(`/earn-rewards/${encodeURIComponent(brandId)}`, undefined, { signal }),
  );
}

export const earnRewardQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: queryKeys.earnRewards.detail(brandId),
    queryFn: ({ signal }) => getEarnReward(brandId, signal),
  });
