import type { OtpChallenge, signInRequestSchema } from '@refund/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseLazily } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';

export type SignInBody = z.output<typeof signInRequestSchema>;

export async function signIn(body: SignInBody): Promise<OtpChallenge> {
  return parseLazily(
    import('@refund/contracts/auth').then((contract) => contract.otpChallengeSchema),
    api.post('/users/signin', body, await deviceHeaders()),
  );
}

export function useSignIn() {
  const getBotToken = useBotToken();
  return useMutation({
    mutationFn: async (values: Omit<SignInBody, 'bot_token'>) =>
      signIn({ ...values, bot_token: await getBotToken('customer_signin') }),
  });
}
