import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import type { resendOtpRequestSchema } from '@refund/contracts/refunds';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';

export type ResendClaimOtpBody = z.input<typeof resendOtpRequestSchema>;

export async function resendClaimOtp(body: ResendClaimOtpBody): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/customers/resend-otp', body));
}

export function useResendClaimOtp() {
  const getBotToken = useBotToken();
  return useMutation({
    mutationFn: async (values: Omit<ResendClaimOtpBody, 'bot_token'>) =>
      resendClaimOtp({ ...values, bot_token: await getBotToken('customer_resend_claim_code') }),
  });
}
