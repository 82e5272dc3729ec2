import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** '‹ Back to …' above a screen's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="self-start font-semibold text-primary underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">‹ </span>
      {children}
    </Link>
  );
}
