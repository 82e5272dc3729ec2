import { useId } from 'react';

export interface PaymentMethodOption {
  id: string;
  label: string;
  detail: string;
}

interface PaymentMethodListProps<O extends PaymentMethodOption> {
  legend: string;
  options: readonly O[];
  selectedId: string | null;
  onSelect: (option: O) => void;
  error?: string | null | undefined;
}

/** Where the money goes: the customer's saved destinations of one kind, as native radios. */
export function PaymentMethodList<O extends PaymentMethodOption>({
  legend,
  options,
  selectedId,
  onSelect,
  error,
}: PaymentMethodListProps<O>) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <ul className="flex flex-col gap-2">
        {options.map((option) => (
          <li key={option.id}>
            <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-field-line px-4 py-3 has-checked:border-2 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus)">
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={option.id === selectedId}
                onChange={() => onSelect(option)}
                className="size-5 shrink-0 accent-primary"
              />
              <span className="flex flex-col">
                <span className="font-semibold text-ink">{option.label}</span>
                <span className="text-sm text-ink-muted">{option.detail}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
