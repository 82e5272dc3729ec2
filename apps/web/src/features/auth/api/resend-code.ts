import {
  otpChallengeSchema,
  type OtpChallenge,
  type ResendCodeRequest,
} from '@refund/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';

export async function resendCode(body: ResendCodeRequest): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/users/resend-code', body));
}

export function useResendCode() {
  const getBotToken = useBotToken();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      resendCode({
        attempt_id: attemptId,
        bot_token: await getBotToken('customer_resend_signin_code'),
      }),
  });
}
