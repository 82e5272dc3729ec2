import { Card } from '../../../components/card';
import { useTranslation } from 'react-i18next';
import { AmountForm, type AmountFormProps } from './amount-form';

interface AmountCardProps extends AmountFormProps {
  /** What the method's fee does to the amount, in the method's own words. */
  feeNote: string;
  feeNoteTestId: string;
}

/** A method's amount step: the Amount heading, what the fee does, and Amount Input. */
export function AmountCard({ feeNote, feeNoteTestId, ...form }: AmountCardProps) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="redeem-amount" className="flex flex-col gap-4">
      <h2 id="redeem-amount" className="text-lg font-semibold text-ink">
        {t('redeem.amount.title')}
      </h2>
      <p className="text-ink" data-testid={feeNoteTestId}>
        {feeNote}
      </p>
      <AmountForm {...form} />
    </Card>
  );
}
