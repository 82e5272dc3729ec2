import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';

/** A redeem screen's body when its method cannot be used now: the SPEC's message and the way home. */
export function MethodUnavailable() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-start gap-4">
      <p role="alert" className="text-ink">
        {t('wallet.methodUnavailable')}
      </p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
