import type { PrepaidCardStatus } from '@refund/contracts/prepaid-cards';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivatePrepaidCardButton } from './activate-prepaid-card';
import { PrepaidCardStatusBadge } from './prepaid-card-status-badge';

interface PrepaidCardActivationProps {
  /** The card's id: the id of the redemption that loaded it. */
  cardUuid: string;
  status: PrepaidCardStatus;
  /** 'Visa prepaid •••• 4242', so the button says which card it activates. */
  cardLabel: string;
}

/**
 * A prepaid card's status where a redemption is listed, with "Activate" while it is inactive
 * (SPEC Transaction History "Activate action"). Once activated it reads Active straight away.
 */
export function PrepaidCardActivation({ cardUuid, status, cardLabel }: PrepaidCardActivationProps) {
  const { t } = useTranslation();
  const [activated, setActivated] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const shown = activated ? 'active' : status;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p
        ref={statusRef}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 text-sm text-ink-muted"
      >
        {t('prepaid.card.statusLabel')} <PrepaidCardStatusBadge status={shown} />
      </p>
      {shown === 'inactive' && (
        <ActivatePrepaidCardButton
          cardUuid={cardUuid}
          cardLabel={cardLabel}
          onActivated={() => {
            setActivated(true);
            // The button goes away: focus stays on the card's (new) status.
            statusRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
