import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The dialog's buttons; without them, one 'Got it' closes it. */
  actions?: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus inside, closes it on Escape, hides the
 * page behind it from assistive technology and gives focus back to the opener afterwards.
 */
export function Dialog({ open, onClose, title, children, actions }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/60"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        <div className="flex flex-col gap-3 text-ink-muted">{children}</div>
        {actions ?? (
          <Button onClick={onClose} className="mt-2">
            {t('common.gotIt')}
          </Button>
        )}
      </div>
    </dialog>
  );
}
