import type { AccessTokenResponse } from '@refund/contracts/auth';
import { api } from '../../../lib/api-client';

/** The refresh cookie does the work; an answer without a usable token reads as null. */
export async function refreshToken(): Promise<AccessTokenResponse | null> {
  const [{ accessTokenResponseSchema }, data] = await Promise.all([
    import('@refund/contracts/auth'),
    api.post('/users/refresh'),
  ]);
  const answer = accessTokenResponseSchema.safeParse(data);
  return answer.success ? answer.data : null;
}
