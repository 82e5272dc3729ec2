import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useVerifyEmail } from '../../features/profile/api/verify-email';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';

function VerifyEmailLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef(false);

  // The link is single use: verify it once, whatever re-renders follow.
  const run = useEffectEvent(() =>
    verify.mutate(id, {
      onSuccess: ({ message }) => {
        notify.success(message);
        void navigate(paths.home.href(), { replace: true });
      },
      onError: (error) => {
        notify.error(errorMessage(error));
        void navigate(paths.home.href(), { replace: true });
      },
    }),
  );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, []);

  return (
    <Card>
      <LoadingState label={t('intent.verifying')} />
    </Card>
  );
}

/** /intent?id=…: the email magic link (SPEC §4). Without an id there is nothing to verify. */
export function IntentScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(t('titles.intent'));
  if (!id) return <Navigate to={paths.home.href()} replace />;
  return <VerifyEmailLink key={id} id={id} />;
}
