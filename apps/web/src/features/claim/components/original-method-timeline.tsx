import { useTranslation } from 'react-i18next';

const steps = ['receive', 'inspect', 'institution'] as const;

/** SPEC §4: 7–14 days to the merchant, quality control, then up to 7 days to the institution. */
export function OriginalMethodTimeline() {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('claim.original.timelineLabel')} className="flex flex-col">
      {steps.map((step, index) => (
        <li key={step} className="relative flex gap-4 pb-5 last:pb-0">
          {index < steps.length - 1 && (
            <span aria-hidden="true" className="absolute top-8 bottom-0 left-3.5 w-px bg-line" />
          )}
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-bold text-on-primary-soft"
          >
            {index + 1}
          </span>
          <div className="flex flex-col gap-0.5 pt-0.5">
            <p className="font-semibold text-ink">{t(`claim.original.steps.${step}.title`)}</p>
            <p className="text-sm text-ink-muted">{t(`claim.original.steps.${step}.body`)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
