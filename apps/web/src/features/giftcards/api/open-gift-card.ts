import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import { giftCardCredentialsSchema, type GiftCardCredentials } from '@refund/contracts/giftcards';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-id';

const credentialsPath = (reference: string) =>
  `/giftcards/${encodeURIComponent(reference)}/credentials`;

/**
 * The card's code, PIN, link and barcode. On a device that opened it before no passcode is
 * needed; otherwise the API refuses with PASSCODE_REQUIRED until one is sent along.
 */
export async function openGiftCard(params: {
  reference: string;
  passcode?: { attempt_id: string; code: string };
}): Promise<GiftCardCredentials> {
  return parseAnswer(
    giftCardCredentialsSchema,
    await api.post(credentialsPath(params.reference), params.passcode ?? {}, {
      'X-Device-Id': deviceId(),
    }),
  );
}

/** Texts the passcode that opens the card on this device. */
export async function startGiftCardOtp(reference: string): Promise<OtpChallenge> {
  return parseAnswer(otpChallengeSchema, await api.post(`${credentialsPath(reference)}/otp`));
}

// The credentials are as good as cash: the mutation keeps them only while the screen shows them.
export const useOpenGiftCard = () => useMutation({ mutationFn: openGiftCard, gcTime: 0 });

export const useStartGiftCardOtp = () => useMutation({ mutationFn: startGiftCardOtp });
