import type { OtpChallenge } from '@refund/contracts/auth';
import type { NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import { attemptFromChallenge } from '../../../lib/otp-attempt';
import { saveAttempt, type VerifyLocationState } from '../otp-attempt';

export function goToVerify(navigate: NavigateFunction, challenge: OtpChallenge): void {
  const attempt = attemptFromChallenge(challenge);
  saveAttempt(attempt);
  const state: VerifyLocationState = { attempt };
  void navigate(paths.verifyAccount.href(), { state });
}
