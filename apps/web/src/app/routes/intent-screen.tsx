import type { EmailLink } from '@refund/contracts/refunds';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import {
  useDeclineEmailLink,
  useEmailLink,
  useVerifyEmail,
} from '../../features/profile/api/verify-email';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shows the error as a toast and goes home (SPEC: magic-link failure), once. */
function LinkFailed({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const done = useRef(false);
  const leave = useEffectEvent(() => {
    notify.error(errorMessage(error));
    void navigate(paths.home.href(), { replace: true });
  });
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    leave();
  }, []);
  return null;
}

/**
 * What the link asks, and what the person who opened it may do (ADR 0011): the account that asked
 * confirms it, signed in; anyone else can only sign in to that account or refuse the link.
 */
function EmailLinkCard({
  id,
  link,
  returnPaths,
}: {
  id: string;
  link: EmailLink;
  returnPaths: ReturnPathStore;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const decline = useDeclineEmailLink();
  const busy = verify.isPending || decline.isPending;
  const values = { email: link.email, phone: link.phone_number };

  const finish = (mutation: typeof verify | typeof decline) =>
    mutation.mutate(id, {
      onSuccess: ({ message }) => {
        notify.success(message);
        void navigate(paths.home.href(), { replace: true });
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        void navigate(paths.home.href(), { replace: true });
      },
    });
  const signIn = () => {
    // Back here after signing in: the link is confirmed only by pressing Confirm.
    returnPaths.forget();
    returnPaths.remember(paths.intent.href(id));
    void navigate(paths.auth.href());
  };

  const mine = link.for_signed_in_account === true;
  const title = mine
    ? t(link.purpose === 'change' ? 'intent.confirmChangeTitle' : 'intent.confirmTitle')
    : link.for_signed_in_account === null
      ? t('intent.signedOutTitle')
      : t('intent.otherTitle');
  const body = mine
    ? t(link.purpose === 'change' ? 'intent.forYouChange' : 'intent.forYou', values)
    : link.for_signed_in_account === null
      ? t('intent.signedOut', values)
      : t('intent.other', values);

  return (
    <Card className="flex flex-col gap-4" aria-labelledby="email-link-title">
      <h1 id="email-link-title" className="text-2xl font-bold text-ink">
        {title}
      </h1>
      <p className="break-words text-ink" data-testid="email-link-body">
        {body}
      </p>
      {!mine && <p className="text-ink-muted">{t('intent.notMe')}</p>}
      <div className="flex flex-col gap-3 sm:flex-row">
        {mine && (
          <Button onClick={() => finish(verify)} loading={verify.isPending} disabled={busy}>
            {t('intent.confirm')}
          </Button>
        )}
        {link.for_signed_in_account === null && (
          <Button onClick={signIn} disabled={busy}>
            {t('intent.signIn')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => finish(decline)}
          loading={decline.isPending}
          disabled={busy}
        >
          {t('intent.thisWasntMe')}
        </Button>
      </div>
    </Card>
  );
}

function EmailLinkPage({ id, returnPaths }: { id: string; returnPaths: ReturnPathStore }) {
  const { t } = useTranslation();
  const auth = useAuthState();
  const settled = auth.status === 'AuthSuccessful' || auth.status === 'AuthRequired';
  const link = useEmailLink(id, auth.status === 'AuthSuccessful');
  if (!settled || link.isPending) {
    return (
      <Card>
        <LoadingState label={t('intent.verifying')} />
      </Card>
    );
  }
  if (link.isError) return <LinkFailed error={link.error} />;
  return <EmailLinkCard id={id} link={link.data} returnPaths={returnPaths} />;
}

/**
 * /intent?id=…: the e-mail magic link (SPEC §4). Without an id there is nothing to verify. The
 * link is confirmed only by the account that asked for it, signed in (ADR 0011).
 */
export function IntentScreen({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(t('titles.intent'));
  if (!id) return <Navigate to={paths.home.href()} replace />;
  return <EmailLinkPage key={id} id={id} returnPaths={returnPaths} />;
}
