import { useTranslation } from 'react-i18next';
import { notify } from '../lib/toast';
import { Button } from './button';

/** Copies one value (a code, a card number) to the clipboard and says so; says what to do when it cannot. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('common.copy.copied', { what }));
    } catch {
      notify.error(t('common.copy.failed'));
    }
  };
  return (
    <Button
      variant="ghost"
      className="min-h-10 shrink-0 px-3 text-sm"
      aria-label={t('common.copy.label', { what })}
      onClick={() => void copy()}
    >
      {t('common.copy.short')}
    </Button>
  );
}
