import type { ReactNode } from 'react';

export function PageHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{children}</h1>
      {intro && <p className="text-ink-muted">{intro}</p>}
    </div>
  );
}
