import type { NavigateFunction } from 'react-router';

export type Navigate = (to: string, options: { replace: boolean }) => void;

/**
 * Lets code outside React (the auth machine) navigate with the router's own function, which
 * only exists inside the router. A navigation asked for before the router mounts is replayed.
 */
export function createNavigation() {
  let navigateImpl: NavigateFunction | null = null;
  let pending: Parameters<Navigate> | null = null;

  return {
    navigate(to: string, options: { replace: boolean }) {
      if (navigateImpl) void navigateImpl(to, options);
      else pending = [to, options];
    },
    attach(navigate: NavigateFunction): () => void {
      navigateImpl = navigate;
      if (pending) {
        const [to, options] = pending;
        pending = null;
        void navigate(to, options);
      }
      return () => {
        if (navigateImpl === navigate) navigateImpl = null;
      };
    },
  };
}

export type Navigation = ReturnType<typeof createNavigation>;
