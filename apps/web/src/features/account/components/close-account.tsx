import type { ClosureStatus } from '@refund/contracts/account-rights';
import { formatMoney } from '@refund/contracts/format';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { PasscodeStep } from '../../../components/passcode-step';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-error';
import { useTextedPasscode } from '../../../lib/use-texted-passcode';
import { queryKeys } from '../../../lib/query-keys';
import { useCloseAccount, useClosureStatus, useStartClosure } from '../api/account-closure';

interface CloseAccountProps {
  /** Where the customer redeems what is left: the redemption methods. */
  redeemHref: string;
  /** The account is closed: the app signs out. */
  onClosed: () => void;
}

/** Why the account stays open, with the money in it and the way to redeem it first. */
function StillOpen({ status, redeemHref }: { status: ClosureStatus; redeemHref: string }) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="close-refused-title" className="flex flex-col gap-3">
      <h2 id="close-refused-title" className="text-lg font-semibold text-ink">
        {t('account.close.refusedTitle')}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">{t('account.close.available')}</dt>
        <dd className="text-right font-semibold text-ink">
          {formatMoney(status.available_in_cents)}
        </dd>
        <dt className="text-ink-muted">{t('account.close.held')}</dt>
        <dd className="text-right font-semibold text-ink">
          {formatMoney(status.pending_in_cents)}
        </dd>
      </dl>
      {status.blockers.includes('available_balance') && (
        <p className="text-ink">{t('account.close.redeemFirst')}</p>
      )}
      {status.blockers.includes('held_balance') && (
        <p className="text-ink">{t('account.close.heldFirst')}</p>
      )}
      {status.blockers.includes('pending_redemption') && (
        <p className="text-ink">
          {t('account.close.pendingRedemption', { count: status.pending_redemptions })}
        </p>
      )}
      {status.available_in_cents > 0 && (
        <Link to={redeemHref} className={`${buttonVariants.primary} self-start`}>
          {t('account.close.redeem')}
        </Link>
      )}
    </Card>
  );
}

/**
 * Closing the account: what happens, then a refusal while money remains, or a passcode texted to
 * the account's phone that closes it.
 */
export function CloseAccount({ redeemHref, onClosed }: CloseAccountProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useClosureStatus();
  // Money may have arrived since the screen was read: a refused send reads again what keeps it open.
  const passcode = useTextedPasscode(useStartClosure(), () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.accountClosure.all });
  });
  const close = useCloseAccount();
  const [asking, setAsking] = useState(false);
  const [passcodeError, setPasscodeError] = useState<string | null>(null);

  const start = () => {
    setAsking(true);
    setPasscodeError(null);
    passcode.begin(undefined);
  };

  const submit = (code: string) => {
    const { attempt } = passcode;
    if (!attempt) return;
    setPasscodeError(null);
    close.mutate(
      { attempt_id: attempt.challenge.attempt_id, code },
      {
        onSuccess: onClosed,
        onError: (error) => setPasscodeError(errorMessage(error)),
      },
    );
  };

  const explanation = (
    <Card aria-labelledby="close-what-title" className="flex flex-col gap-3">
      <h2 id="close-what-title" className="text-lg font-semibold text-ink">
        {t('account.close.whatHappens')}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-ink">
        <li>{t('account.close.signedOut')}</li>
        <li>{t('account.close.erased')}</li>
        <li>{t('account.close.contactsFreed')}</li>
        <li>{t('account.close.recordsKept')}</li>
      </ul>
      <p className="text-sm text-ink-muted">{t('account.close.downloadFirst')}</p>
    </Card>
  );

  if (status.isPending) return <LoadingState label={t('account.close.checking')} />;
  if (status.isError) {
    return (
      <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
    );
  }
  if (!status.data.closable) {
    return (
      <div className="flex flex-col gap-5">
        <StillOpen status={status.data} redeemHref={redeemHref} />
        {explanation}
      </div>
    );
  }
  if (asking) {
    return (
      <Card>
        <PasscodeStep
          texts={{
            title: t('account.close.passcodeTitle'),
            intro: (destination) => t('account.close.passcodeIntro', { destination }),
            sending: t('account.close.sending'),
            cancel: t('account.close.cancel'),
          }}
          attempt={passcode.attempt}
          sendError={passcode.sendError}
          sending={passcode.sending}
          onResend={() => passcode.resend(undefined)}
          onSubmit={submit}
          submitting={close.isPending}
          serverError={passcodeError}
          onCancel={() => setAsking(false)}
        />
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {explanation}
      <Button variant="danger" className="self-start" onClick={start}>
        {t('account.close.confirm')}
      </Button>
    </div>
  );
}
