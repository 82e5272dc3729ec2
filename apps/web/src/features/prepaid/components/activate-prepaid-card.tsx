import type { PrepaidCard } from '@refund/contracts/prepaid-cards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useActivatePrepaidCard } from '../api/activate-prepaid-card';

interface ActivatePrepaidCardButtonProps {
  cardUuid: string;
  /** 'Visa •••• 4242', so the button says which card it activates. */
  cardLabel: string;
  /** After the issuer activated it. */
  onActivated?: (card: PrepaidCard) => void;
}

/** "Activate" on an inactive card; says so once the card is active, or why it could not be. */
export function ActivatePrepaidCardButton({
  cardUuid,
  cardLabel,
  onActivated,
}: ActivatePrepaidCardButtonProps) {
  const { t } = useTranslation();
  const activate = useActivatePrepaidCard();
  const [error, setError] = useState<string | null>(null);
  // Awaited rather than mutate's callbacks: once active, the card's new status may already have
  // replaced this button, and the customer must still hear that it worked.
  const run = async () => {
    setError(null);
    try {
      const card = await activate.mutateAsync(cardUuid);
      notify.success(t('prepaid.card.activated', { card: cardLabel }));
      onActivated?.(card);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        aria-label={t('prepaid.card.activateLabel', { card: cardLabel })}
        onClick={() => void run()}
        loading={activate.isPending}
      >
        {t('prepaid.card.activate')}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
