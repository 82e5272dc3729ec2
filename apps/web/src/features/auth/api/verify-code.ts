import {
  accessTokenResponseSchema,
  type AccessTokenResponse,
  type VerifyCodeRequest,
} from '@refund/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';

export async function verifyCode(body: VerifyCodeRequest): Promise<AccessTokenResponse> {
  return parseAnswer(
    accessTokenResponseSchema,
    await api.post('/users/verify', body, await deviceHeaders()),
  );
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
