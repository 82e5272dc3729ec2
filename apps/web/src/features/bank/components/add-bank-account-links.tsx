import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { paths } from '../../../config/paths';

/** The two ways to a new bank account: link it at the bank, or type its numbers. */
export function AddBankAccountLinks() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Link to={paths.connectBank.href()} className={`${buttonVariants.secondary} flex-1`}>
        {t('redeem.bank.linkBank')}
      </Link>
      <Link to={paths.redeemAddAccount.href()} className={`${buttonVariants.ghost} flex-1`}>
        {t('redeem.bank.enterManually')}
      </Link>
    </div>
  );
}
