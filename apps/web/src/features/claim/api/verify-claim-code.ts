import { accessTokenResponseSchema, type AccessTokenResponse } from '@refund/contracts/auth';
import type { claimVerifyRequestSchema } from '@refund/contracts/refunds';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseAnswer } from '../../../lib/api-client';
import { deviceHeaders } from '../../../lib/visitor-id';

export type ClaimVerifyBody = z.input<typeof claimVerifyRequestSchema>;

/** A matching code signs the refund's account in (and, sent by email, verifies that email). */
export async function verifyClaimCode(body: ClaimVerifyBody): Promise<AccessTokenResponse> {
  return parseAnswer(
    accessTokenResponseSchema,
    await api.post('/customers/claim-refund/verify', body, await deviceHeaders()),
  );
}

export function useVerifyClaimCode() {
  return useMutation({ mutationFn: verifyClaimCode });
}
