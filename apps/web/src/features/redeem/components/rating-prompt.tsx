import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-error';
import { useRateTransaction } from '../api/rate-transaction';

const stars = [1, 2, 3, 4, 5] as const;

interface RatingPromptProps {
  transactionId: string;
  /** After a rating is saved, or on Skip. */
  onDone: (rated: boolean) => void;
}

/** 'How was your experience?' with one to five stars, and Skip. */
export function RatingPrompt({ transactionId, onDone }: RatingPromptProps) {
  const { t } = useTranslation();
  const name = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rate = useRateTransaction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError(t('redeem.rating.choose'));
      return;
    }
    rate.mutate(
      { transactionId, body: { rating } },
      { onSuccess: () => onDone(true), onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col items-center gap-3">
      <fieldset className="flex flex-col items-center gap-2">
        <legend className="mb-2 text-center font-semibold text-ink">
          {t('redeem.rating.question')}
        </legend>
        <div className="flex gap-1">
          {stars.map((value) => (
            <label
              key={value}
              className="grid size-11 cursor-pointer place-items-center rounded-full text-3xl leading-none has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus)"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setError(null);
                }}
                className="sr-only"
              />
              <span className="sr-only">{t('redeem.rating.stars', { count: value })}</span>
              <span
                aria-hidden="true"
                className={
                  rating !== null && value <= rating ? 'text-on-warning-soft' : 'text-ink-muted'
                }
              >
                {rating !== null && value <= rating ? '★' : '☆'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex w-full flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={rate.isPending} className="flex-1">
          {t('redeem.rating.submit')}
        </Button>
        <Button variant="ghost" className="flex-1" onClick={() => onDone(false)}>
          {t('redeem.rating.skip')}
        </Button>
      </div>
    </form>
  );
}
