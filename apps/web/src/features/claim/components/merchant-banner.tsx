import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { fileUrl } from '../../../lib/file-url';

/** The merchant's splash image across the top of a card; nothing when absent or broken. */
export function MerchantSplash({ fileKey }: { fileKey: string | null | undefined }) {
  if (!fileKey) return null;
  return (
    // Decorative: the merchant is named in text next to it.
    <RemoteImage
      src={fileUrl(fileKey)}
      alt=""
      data-testid="merchant-splash"
      className="h-36 w-full object-cover sm:h-44"
    />
  );
}

interface MerchantIdentityProps {
  logoFileKey: string | null | undefined;
  merchantName?: string | null | undefined;
}

/** The merchant's logo and name, side by side. */
export function MerchantIdentity({ logoFileKey, merchantName }: MerchantIdentityProps) {
  const { t } = useTranslation();
  if (!logoFileKey && !merchantName) return null;
  return (
    <div className="flex items-center gap-3">
      {logoFileKey && (
        <RemoteImage
          src={fileUrl(logoFileKey)}
          alt={merchantName ? t('claim.merchantLogo', { merchant: merchantName }) : ''}
          data-testid="merchant-logo"
          className="size-12 shrink-0 rounded-xl border border-line bg-white object-contain p-1"
        />
      )}
      {merchantName && <p className="text-lg font-semibold text-ink">{merchantName}</p>}
    </div>
  );
}
