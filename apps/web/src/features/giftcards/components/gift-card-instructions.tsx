import { brandDisplayName } from '@refund/contracts/brands';
import { GIFT_CARD_SUPPORT_PHONE } from '@refund/contracts/giftcards';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { useAppConfig } from '../../../lib/get-app-config';
import { useGiftCard } from '../api/get-gift-card';

const steps = ['open', 'verify', 'useOnline', 'useInStore', 'markUsed'] as const;
const terms = ['cash', 'lost', 'brand', 'cashback'] as const;

/** 877.558.2646 dialled as +1 877 558 2646. */
const telHref = (display: string) => `tel:+1${display.replace(/\D/g, '')}`;

/** The terms of the card the customer came from; nothing when it cannot be loaded. */
function BrandTerms({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const card = useGiftCard(reference);
  const titleId = useId();
  if (!card.data) return null;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {t('giftCardWallet.instructions.brandTermsTitle', {
          brand: brandDisplayName(card.data.brand),
        })}
      </h2>
      <p className="text-ink">{card.data.description}</p>
      <p className="text-sm whitespace-pre-line text-ink">{card.data.terms}</p>
    </Card>
  );
}

function Support() {
  const { t } = useTranslation();
  const email = useAppConfig().data?.support_email;
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {t('giftCardWallet.instructions.supportTitle')}
      </h2>
      <dl className="flex flex-col gap-2">
        <div>
          <dt className="text-sm text-ink-muted">
            {t('giftCardWallet.instructions.supportPhone')}
          </dt>
          <dd>
            <a
              href={telHref(GIFT_CARD_SUPPORT_PHONE)}
              className="font-semibold text-primary underline underline-offset-4"
            >
              {GIFT_CARD_SUPPORT_PHONE}
            </a>
          </dd>
        </div>
        {email && (
          <div>
            <dt className="text-sm text-ink-muted">
              {t('giftCardWallet.instructions.supportEmail')}
            </dt>
            <dd>
              <a
                href={`mailto:${email}`}
                className="font-semibold break-all text-primary underline underline-offset-4"
              >
                {email}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

/**
 * How to use a gift card from the wallet, the general terms and where to get help; with a card's
 * reference, that card's own terms as well.
 */
export function GiftCardInstructions({ reference }: { reference: string | null }) {
  const { t } = useTranslation();
  const stepsId = useId();
  const termsId = useId();
  return (
    <div className="flex flex-col gap-5">
      <Card aria-labelledby={stepsId} className="flex flex-col gap-3">
        <h2 id={stepsId} className="text-lg font-semibold text-ink">
          {t('giftCardWallet.instructions.stepsTitle')}
        </h2>
        <ol className="flex list-decimal flex-col gap-2 ps-5 text-ink">
          {steps.map((step) => (
            <li key={step}>{t(`giftCardWallet.instructions.steps.${step}`)}</li>
          ))}
        </ol>
      </Card>
      {reference && <BrandTerms reference={reference} />}
      <Card aria-labelledby={termsId} className="flex flex-col gap-3">
        <h2 id={termsId} className="text-lg font-semibold text-ink">
          {t('giftCardWallet.instructions.termsTitle')}
        </h2>
        <ul className="flex list-disc flex-col gap-2 ps-5 text-sm text-ink">
          {terms.map((term) => (
            <li key={term}>{t(`giftCardWallet.instructions.terms.${term}`)}</li>
          ))}
        </ul>
      </Card>
      <Support />
    </div>
  );
}
