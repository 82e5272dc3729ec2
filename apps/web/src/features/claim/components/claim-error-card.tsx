import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import type { ClaimErrorReason } from '../claim-routing-state';
import { useRouteHeading } from '../../../lib/route-focus';

interface ClaimErrorCardProps {
  reason: ClaimErrorReason;
  signedIn: boolean;
}

/** /claim-error: the link cannot be used (expired, cancelled, already claimed, or mangled). */
export function ClaimErrorCard({ reason, signedIn }: ClaimErrorCardProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-5" aria-labelledby="claim-error-title">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-danger-soft text-2xl font-bold text-danger"
      >
        !
      </span>
      <div className="flex flex-col gap-2">
        <h1
          {...heading}
          id="claim-error-title"
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {t('claim.error.title')}
        </h1>
        <p className="text-ink">{t(`claim.error.reasons.${reason}`)}</p>
        <p className="text-ink-muted">{t('claim.error.help')}</p>
      </div>
      {signedIn ? (
        <Link to={paths.home.href()} className={buttonVariants.primary}>
          {t('common.goHome')}
        </Link>
      ) : (
        <Link to={paths.auth.href()} className={buttonVariants.primary}>
          {t('claim.error.signIn')}
        </Link>
      )}
    </Card>
  );
}
