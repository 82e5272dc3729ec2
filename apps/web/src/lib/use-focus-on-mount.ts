import { useEffect, useRef } from 'react';

/**
 * A ref for the heading of a step that replaces what the customer just used: focus moves there,
 * so keyboard and screen reader users land on the new step instead of the top of the page.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
