import { lazy, Suspense, useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import { toasterMounted, useToasterRequested } from '../lib/toast';
import { useThemePreference } from '../lib/theme';

const SonnerToaster = lazy(() =>
  import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })),
);

function ListeningToaster(props: ToasterProps) {
  // Runs after the child toaster's own effect has subscribed to sonner.
  useEffect(() => toasterMounted(), []);
  return <SonnerToaster {...props} />;
}

export function Toaster() {
  const requested = useToasterRequested();
  const theme = useThemePreference();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ListeningToaster theme={theme} position="top-center" closeButton />
    </Suspense>
  );
}
