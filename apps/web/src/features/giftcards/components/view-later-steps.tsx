import { useTranslation } from 'react-i18next';

const steps = ['openLink', 'logIn', 'followInstructions'] as const;

/** What to do with the link "View later" texted: the SPEC's three steps. */
export function ViewLaterSteps() {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <li key={step} className="flex items-center gap-3 text-ink">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-bold text-on-primary-soft"
          >
            {index + 1}
          </span>
          {t(`viewLater.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
