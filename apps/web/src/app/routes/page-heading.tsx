import type { ReactNode, Ref } from 'react';

interface PageHeadingProps {
  children: ReactNode;
  intro?: ReactNode;
  /** Given, the heading can take focus (e.g. on arrival), though it is not in the tab order. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function PageHeading({ children, intro, headingRef }: PageHeadingProps) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-bold tracking-tight text-ink sm:text-3xl"
      >
        {children}
      </h1>
      {intro && <p className="text-ink-muted">{intro}</p>}
    </div>
  );
}
