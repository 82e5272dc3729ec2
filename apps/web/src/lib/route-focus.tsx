import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation, useNavigationType } from 'react-router';

interface RouteFocus {
  /** Whether the screen heading shown for this location should take focus now. */
  shouldFocus: (locationKey: string) => boolean;
}

const RouteFocusContext = createContext<RouteFocus | null>(null);

/** Something on the new screen already took focus on purpose (e.g. a code field). */
function focusIsInMain(): boolean {
  const active = document.activeElement;
  return (
    active !== null &&
    active !== document.body &&
    !!document.querySelector('main')?.contains(active)
  );
}

function createRouteFocus(): RouteFocus & { arrive: (key: string, start: boolean) => void } {
  // Until the customer moves, the page load's location and its redirects keep the browser's own
  // focus, at the top of the page.
  const loadKeys = new Set<string>();
  const focusedKeys = new Set<string>();
  let moved = false;
  return {
    arrive(key, start) {
      if (moved) return;
      if (start) loadKeys.add(key);
      else moved = true;
    },
    shouldFocus(key) {
      // Back on the page load's entry after moving counts as an arrival like any other.
      if ((!moved && loadKeys.has(key)) || focusIsInMain()) return false;
      if (!focusedKeys.has(key)) {
        focusedKeys.add(key);
        return true;
      }
      // Once per visit, unless the heading that had focus was replaced (e.g. after loading).
      return document.activeElement === null || document.activeElement === document.body;
    },
  };
}

/**
 * Keeps keyboard and screen reader users in step with route changes: the new screen's heading
 * takes focus (see useFocusOnRouteChange), except on the page load.
 */
export function RouteFocusProvider({ children }: { children: ReactNode }) {
  const [focus] = useState(createRouteFocus);
  const { key } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  // Before the screens' passive effects, which ask shouldFocus.
  useLayoutEffect(() => {
    focus.arrive(key, first.current || type === 'REPLACE');
    first.current = false;
  }, [focus, key, type]);
  return <RouteFocusContext value={focus}>{children}</RouteFocusContext>;
}

/** Focuses the element (a screen heading with tabIndex -1) when the customer arrives by a route change. */
export function useFocusOnRouteChange(ref: RefObject<HTMLElement | null>): void {
  const focus = useContext(RouteFocusContext);
  const { key } = useLocation();
  useEffect(() => {
    if (focus?.shouldFocus(key)) ref.current?.focus();
  }, [focus, key, ref]);
}

/**
 * Props for a screen's own heading (where it does not use PageHeading): it can take focus
 * without entering the tab order, and takes it when the customer arrives by a route change.
 */
export function useRouteHeading(): { ref: RefObject<HTMLHeadingElement | null>; tabIndex: -1 } {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnRouteChange(ref);
  return { ref, tabIndex: -1 };
}
