import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

/** Texts the withdrawal one-time passcode to the customer's own phone. */
export async function startWithdrawalOtp(): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post('/redemptions/otp'));
}

export const useStartWithdrawalOtp = () => useMutation({ mutationFn: startWithdrawalOtp });
