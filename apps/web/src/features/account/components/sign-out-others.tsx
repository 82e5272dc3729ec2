import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useSignOutOthers } from '../api/sign-out-others';

/** "Sign out of all other devices": every session but this one ends at once. */
export function SignOutOthers() {
  const { t } = useTranslation();
  const signOut = useSignOutOthers();
  return (
    <Card className="flex flex-col items-start gap-3" aria-labelledby="sign-out-others-title">
      <h2 id="sign-out-others-title" className="text-lg font-semibold text-ink">
        {t('account.security.signOutOthers')}
      </h2>
      <p className="text-ink-muted">{t('account.security.signOutOthersIntro')}</p>
      <Button
        variant="secondary"
        loading={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: ({ signed_out }) =>
              notify.success(
                signed_out === 0
                  ? t('account.security.signedOutNone')
                  : t('account.security.signedOutOthers', { count: signed_out }),
              ),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        {t('account.security.signOutOthers')}
      </Button>
    </Card>
  );
}
