import type { HTMLAttributes } from 'react';

export const cardClass = 'rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={`${cardClass} ${className}`} {...rest} />;
}
