import type { HTMLAttributes } from 'react';

/** The card's surface without padding, for cards whose content runs to the edge (images). */
export const cardSurfaceClass = 'rounded-2xl border border-line bg-surface shadow-sm';
export const cardClass = `${cardSurfaceClass} p-5 sm:p-6`;

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={`${cardClass} ${className}`} {...rest} />;
}
