import type { OtpChallenge } from '@refund/contracts/auth';
import type { NavigateFunction } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';

/**
 * After a sign-in or sign-up was accepted: on to the code's screen, with go-to-verify.ts loaded
 * then, so that the schema it keeps the attempt with is not part of the sign-in screen's start.
 */
export function continueToVerify(navigate: NavigateFunction, challenge: OtpChallenge): void {
  import('./go-to-verify').then(
    ({ goToVerify }) => goToVerify(navigate, challenge),
    (error: unknown) => void notify.error(errorMessage(error)),
  );
}
