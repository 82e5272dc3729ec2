import type { Transaction } from '@refund/contracts/redemptions';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntryForm } from '../../../components/code-entry-form';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ResendCountdown } from '../../../components/resend-countdown';
import { trackEvent } from '../../../lib/analytics-events';
import { errorMessage } from '../../../lib/api-error';
import { useBotToken } from '../../../lib/bot-protection/use-bot-token';
import { useMethodUI } from '../../../lib/methods/method-registry';
import { attemptFromChallenge, type OtpAttempt } from '../../../lib/otp-attempt';
import { notify } from '../../../lib/toast';
import { useCreateRedemption } from '../api/create-redemption';
import { useStartWithdrawalOtp } from '../api/start-withdrawal-otp';
import type { ConfirmableMode, RedemptionFlow } from '../redemption-flow';
import {
  clearWithdrawalAttempt,
  readWithdrawalAttempt,
  saveWithdrawalAttempt,
} from '../withdrawal-attempt';

interface WithdrawalVerifyProps {
  /** A flow ready to confirm, with its orderID. */
  flow: RedemptionFlow & {
    mode: ConfirmableMode;
    selectedPaymentMethodUUID: string;
    orderID: string;
  };
  onRedeemed: (transaction: Transaction) => void;
}

/**
 * Verify OTP (/verify-otp): the withdrawal passcode texted to the customer's phone. A correct
 * code makes the redemption, keyed by the flow's orderID so a retry can never pay twice.
 */
export function WithdrawalVerify({ flow, onRedeemed }: WithdrawalVerifyProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<OtpAttempt | null>(() =>
    readWithdrawalAttempt(flow.orderID),
  );
  const sendOtp = useStartWithdrawalOtp();
  const redeem = useCreateRedemption();
  const botToken = useBotToken();
  const { botAction } = useMethodUI(flow.mode);
  const [checking, setChecking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const requested = useRef(false);
  const { orderID } = flow;

  const send = (onSent?: () => void) =>
    sendOtp.mutate(undefined, {
      onSuccess: (challenge) => {
        const next = attemptFromChallenge(challenge);
        saveWithdrawalAttempt(orderID, next);
        setAttempt(next);
        onSent?.();
      },
      onError: (error) => {
        if (attempt) notify.error(errorMessage(error));
      },
    });
  const sendFirst = useEffectEvent(() => send());

  // Opened without a code on its way (e.g. a new tab): text one, once.
  useEffect(() => {
    if (attempt !== null || requested.current) return;
    requested.current = true;
    sendFirst();
  }, [attempt]);

  const onSubmit = async (code: string) => {
    if (!attempt) return;
    setServerError(null);
    let bot_token: string | undefined;
    if (botAction) {
      // A method guarded by the bot check (gift cards, earn rewards' too: SPEC §7) passes it first.
      setChecking(true);
      try {
        bot_token = await botToken(botAction);
      } catch (error) {
        setServerError(errorMessage(error));
        return;
      } finally {
        setChecking(false);
      }
    }
    redeem.mutate(
      {
        idempotencyKey: orderID,
        body: {
          mode: flow.mode,
          payment_method_uuid: flow.selectedPaymentMethodUUID,
          amount_in_cents: flow.amount,
          attempt_id: attempt.challenge.attempt_id,
          code,
          ...(bot_token === undefined ? {} : { bot_token }),
        },
      },
      {
        onSuccess: (transaction) => {
          clearWithdrawalAttempt();
          trackEvent('redemption_submitted', { method: flow.mode, amount_in_cents: flow.amount });
          onRedeemed(transaction);
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {attempt && (
        <p className="text-ink-muted">
          {t('redeem.verify.intro', { destination: attempt.challenge.destination })}
        </p>
      )}
      {attempt ? (
        <>
          <CodeEntryForm
            key={`code-${attempt.resendAvailableAt}`}
            onSubmit={(code) => void onSubmit(code)}
            pending={redeem.isPending || checking}
            serverError={serverError}
          />
          <ResendCountdown
            key={`resend-${attempt.resendAvailableAt}`}
            availableAt={attempt.resendAvailableAt}
            onResend={() => send(() => notify.success(t('verify.resent')))}
            pending={sendOtp.isPending}
          />
        </>
      ) : sendOtp.isError ? (
        <ErrorState message={errorMessage(sendOtp.error)} onRetry={() => send()} />
      ) : (
        <LoadingState label={t('redeem.verify.sending')} />
      )}
    </div>
  );
}
