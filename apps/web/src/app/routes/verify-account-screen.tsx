import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { VerifyAccount } from '../../features/auth/components/verify-account';
import { useDocumentTitle } from '../../lib/use-document-title';

export function VerifyAccountScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('verify.pageTitle'));
  return (
    <Card>
      <VerifyAccount />
    </Card>
  );
}
