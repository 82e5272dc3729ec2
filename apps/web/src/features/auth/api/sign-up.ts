import type { OtpChallenge, signUpRequestSchema } from '@refund/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseLazily } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';

export type SignUpBody = z.output<typeof signUpRequestSchema>;

export async function signUp(body: SignUpBody): Promise<OtpChallenge> {
  return parseLazily(
    import('@refund/contracts/auth').then((contract) => contract.otpChallengeSchema),
    api.post('/users/signup', body, await deviceHeaders()),
  );
}

export function useSignUp() {
  const getBotToken = useBotToken();
  return useMutation({
    mutationFn: async (values: Omit<SignUpBody, 'bot_token'>) =>
      signUp({ ...values, bot_token: await getBotToken('customer_signup') }),
  });
}
