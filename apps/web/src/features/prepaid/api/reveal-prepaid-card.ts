import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import {
  prepaidCardSecretsSchema,
  type PrepaidCardSecrets,
  type RevealPrepaidCardRequest,
} from '@refund/contracts/prepaid-cards';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

const detailsPath = (cardUuid: string) => `/prepaid-cards/${encodeURIComponent(cardUuid)}/details`;

/** Texts the passcode that shows a card's number once. Every showing needs a fresh one. */
export async function startPrepaidCardDetailsOtp(cardUuid: string): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post(`${detailsPath(cardUuid)}/otp`));
}

/** The card's number, expiry and CVC, for the passcode just texted. */
export async function revealPrepaidCard(params: {
  cardUuid: string;
  passcode: RevealPrepaidCardRequest;
}): Promise<PrepaidCardSecrets> {
  return parseAnswer(
    prepaidCardSecretsSchema,
    await api.post(detailsPath(params.cardUuid), params.passcode),
  );
}

export const useStartPrepaidCardDetailsOtp = () =>
  useMutation({ mutationFn: startPrepaidCardDetailsOtp });

/**
 * A mutation, never a query: nothing caches what pays with the card. Its result is dropped (reset)
 * as soon as the screen has taken it, and gcTime 0 forgets the mutation when it unmounts.
 */
export const useRevealPrepaidCard = () => useMutation({ mutationFn: revealPrepaidCard, gcTime: 0 });
