import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 py-2 text-center text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonVariants: Record<Variant, string> = {
  primary: `${base} bg-primary text-on-primary hover:bg-primary-strong`,
  secondary: `${base} border border-field-line bg-surface text-ink hover:bg-surface-muted`,
  ghost: `${base} text-primary hover:bg-primary-soft`,
  danger: `${base} border border-danger bg-surface text-danger hover:bg-danger-soft`,
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and blocks double submits; the accessible name stays the same. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonVariants[variant]} ${className}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
