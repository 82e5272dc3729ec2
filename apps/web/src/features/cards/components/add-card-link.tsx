import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { paths } from '../../../config/paths';

/** The way to a new debit card, under the list of saved ones. */
export function AddCardLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.redeemDebitAddCard.href()} className={buttonVariants.secondary}>
      {t('redeem.debit.addCard')}
    </Link>
  );
}
