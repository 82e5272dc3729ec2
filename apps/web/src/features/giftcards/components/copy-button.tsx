import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { notify } from '../../../lib/toast';

/** Copies one credential to the clipboard and says so; says what to do when it cannot. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('giftCardWallet.code.copied', { what }));
    } catch {
      notify.error(t('giftCardWallet.code.copyFailed'));
    }
  };
  return (
    <Button
      variant="ghost"
      className="min-h-10 shrink-0 px-3 text-sm"
      aria-label={t('giftCardWallet.code.copy', { what })}
      onClick={() => void copy()}
    >
      {t('giftCardWallet.code.copyShort')}
    </Button>
  );
}
