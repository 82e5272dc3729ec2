import { useRef, type ReactNode, type RefObject } from 'react';
import { useFocusOnRouteChange } from '../../lib/route-focus';

interface PageHeadingProps {
  children: ReactNode;
  intro?: ReactNode;
  /** The heading element, e.g. to focus it again after a step on the same screen. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * A screen's heading. It takes focus when the customer arrives by a route change (not on the
 * page load), so keyboard and screen reader users start at the new screen; it can take focus
 * though it is not in the tab order.
 */
export function PageHeading({ children, intro, headingRef }: PageHeadingProps) {
  const ownRef = useRef<HTMLHeadingElement>(null);
  const ref = headingRef ?? ownRef;
  useFocusOnRouteChange(ref);
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1
        ref={ref}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-ink sm:text-3xl"
      >
        {children}
      </h1>
      {intro && <p className="text-ink-muted">{intro}</p>}
    </div>
  );
}
