import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormAlert } from '../../../components/form-alert';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadMyData } from '../api/download-my-data';

/**
 * "Your data and account": the customer's data as a file to keep, and the way to close the
 * account (its own screen, `closeHref`).
 */
export function AccountRightsCard({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  const { busy, error, download } = useFileDownload();

  return (
    <Card aria-labelledby="account-rights-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="account-rights-title" className="text-lg font-semibold text-ink">
          {t('account.rights.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('account.rights.intro')}</p>
      </div>
      <FormAlert message={error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          loading={busy !== null}
          onClick={() => download('file', () => downloadMyData())}
        >
          {t('account.rights.download')}
        </Button>
        <Link
          to={closeHref}
          className="font-semibold text-danger underline-offset-4 hover:underline"
        >
          {t('account.rights.close')}
        </Link>
      </div>
    </Card>
  );
}
