import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { BankLinkReturn } from '../../../features/bank/components/bank-link-return';
import { chooseDestination } from '../../../features/redeem/choose-destination';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bankDestination } from './bank-destination';
import type { BankFailureState } from './bank-failure-screen';
import { PageHeading } from '../../routes/page-heading';

/** Back from the bank-linking provider: the new account becomes the flow's bank account. */
export function RedeemTinkScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemTink'));
  const navigate = useNavigate();

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeading>{t('titles.redeemTink')}</PageHeading>
      <Card>
        <BankLinkReturn
          onLinked={(account) => {
            const label = chooseDestination(bankDestination, account);
            notify.success(t('redeem.tink.linked', { account: label }));
            void navigate(paths.redeemBank.href(), { replace: true });
          }}
          onFailed={(failure: BankFailureState) =>
            void navigate(paths.bankFailure.href(), { replace: true, state: failure })
          }
        />
      </Card>
    </div>
  );
}
