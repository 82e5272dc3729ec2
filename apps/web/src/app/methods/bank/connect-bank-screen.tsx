import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { BankLinkStart } from '../../../features/bank/components/bank-link-start';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BackLink } from '../../routes/back-link';
import { PageHeading } from '../../routes/page-heading';

/** Leaves for the bank-linking provider's own page; it sends the customer back to /redeem/tink. */
export function ConnectBankScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.connectBank'));

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.redeemBank.href()}>{t('redeem.connect.back')}</BackLink>
      <PageHeading intro={t('redeem.connect.intro')}>{t('titles.connectBank')}</PageHeading>
      <Card>
        <BankLinkStart />
      </Card>
    </div>
  );
}
