import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import type { claimOtpRequestSchema } from '@refund/contracts/refunds';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';

export type ClaimOtpBody = z.input<typeof claimOtpRequestSchema>;

/** Sends a code to the refund's own phone or email; proving it proves the claim. */
export async function startClaimOtp(body: ClaimOtpBody): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/customers/claim-refund/otp', body));
}

export function useStartClaimOtp() {
  const getBotToken = useBotToken();
  return useMutation({
    mutationFn: async (values: Omit<ClaimOtpBody, 'bot_token'>) =>
      startClaimOtp({ ...values, bot_token: await getBotToken('customer_signin') }),
  });
}
