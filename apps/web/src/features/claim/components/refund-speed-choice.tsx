import { useTranslation } from 'react-i18next';

export type RefundSpeed = 'instant' | 'original';

interface RefundSpeedChoiceProps {
  amount: string;
  value: RefundSpeed;
  onChange: (value: RefundSpeed) => void;
}

const optionClass =
  'flex cursor-pointer gap-3 rounded-2xl border border-line bg-surface p-4 text-left has-checked:border-primary has-checked:ring-2 has-checked:ring-primary has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus)';

/** The choice of refund speed: native radios, shown as two cards. */
export function RefundSpeedChoice({ amount, value, onChange }: RefundSpeedChoiceProps) {
  const { t } = useTranslation();
  const options = [
    {
      value: 'instant' as const,
      title: t('claim.speed.instant.title'),
      badge: t('claim.speed.instant.badge'),
      body: t('claim.speed.instant.body', { amount }),
    },
    {
      value: 'original' as const,
      title: t('claim.speed.original.title'),
      badge: null,
      body: t('claim.speed.original.body'),
    },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold text-ink">{t('claim.speed.title')}</legend>
      {options.map((option) => (
        <label key={option.value} className={optionClass}>
          <input
            type="radio"
            name="refund-speed"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-1 size-5 shrink-0 accent-primary"
          />
          <span className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              {option.title}
              {option.badge && (
                <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-on-primary-soft">
                  {option.badge}
                </span>
              )}
            </span>
            <span className="text-sm text-ink-muted">{option.body}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
