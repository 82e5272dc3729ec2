import type { PrepaidCardholder } from '@refund/contracts/prepaid-cards';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type CardholderAddress = PrepaidCardholder['address'];

interface CardIssuedToProps {
  name: string;
  /** The billing address; null when the customer has none on file yet. */
  address: CardholderAddress | null;
  /** Whether the issuer already knows the customer (a card was issued before). */
  existing: boolean;
  /** A way to add the missing address, shown with the note that it is missing. */
  addAddress?: ReactNode;
}

/** Who the card is issued to: the cardholder's name and billing address. */
export function CardIssuedTo({ name, address, existing, addAddress }: CardIssuedToProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="text-ink-muted">{t('prepaid.redeem.name')}</dt>
          <dd className="font-medium break-words text-ink" data-testid="prepaid-cardholder-name">
            {name}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('prepaid.redeem.address')}</dt>
          <dd className="font-medium break-words text-ink" data-testid="prepaid-cardholder-address">
            {address ? (
              <>
                <span className="block">{address.line_1}</span>
                {address.line_2 && <span className="block">{address.line_2}</span>}
                <span className="block">
                  {address.city}, {address.state} {address.zipcode}
                </span>
              </>
            ) : (
              t('prepaid.redeem.noAddress')
            )}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-ink-muted">
        {existing ? t('prepaid.redeem.issuedToExisting') : t('prepaid.redeem.issuedToNew')}
      </p>
      {!address && addAddress}
    </div>
  );
}
