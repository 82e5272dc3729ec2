import { accessTokenResponseSchema, type AccessTokenResponse } from '@refund/contracts/auth';
import { api } from '../../../lib/api-client';

/** The refresh cookie does the work; an answer without a usable token reads as null. */
export async function refreshToken(): Promise<AccessTokenResponse | null> {
  const answer = accessTokenResponseSchema.safeParse(await api.post('/users/refresh'));
  return answer.success ? answer.data : null;
}
