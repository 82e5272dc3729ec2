import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { AddBankAccountForm } from '../../../features/bank/components/add-bank-account-form';
import { chooseDestination } from '../../../features/redeem/choose-destination';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BackLink } from '../../routes/back-link';
import { bankDestination } from './bank-destination';
import { PageHeading } from '../../routes/page-heading';

export function RedeemAddAccountScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemAddAccount'));
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.redeemBank.href()}>{t('redeem.addAccount.back')}</BackLink>
      <PageHeading intro={t('redeem.addAccount.intro')}>{t('titles.redeemAddAccount')}</PageHeading>
      <Card>
        <AddBankAccountForm
          onAdded={(account) => {
            const label = chooseDestination(bankDestination, account);
            notify.success(t('redeem.addAccount.added', { account: label }));
            void navigate(paths.redeemBank.href(), { replace: true });
          }}
        />
      </Card>
    </div>
  );
}
