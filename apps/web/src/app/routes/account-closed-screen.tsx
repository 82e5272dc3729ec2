import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/** /account-closed: the confirmation a customer sees, signed out, once the account is closed. */
export function AccountClosedScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.closed.title'));
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-5">
      <PageHeading>{t('account.closed.title')}</PageHeading>
      <Card className="flex flex-col gap-4">
        <p className="text-ink">{t('account.closed.body')}</p>
        <p className="text-ink-muted">{t('account.closed.refunds')}</p>
        <Link to={paths.auth.href('signup')} className={`${buttonVariants.secondary} self-start`}>
          {t('account.closed.signUp')}
        </Link>
      </Card>
    </div>
  );
}
