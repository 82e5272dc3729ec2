import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { BootSplash } from '../components/splash';
import { Toaster } from '../components/toaster';
import { AuthProvider } from '../features/auth/auth-context';
import { AppRoutes } from './app-routes';
import { AppErrorBoundary } from './errors/screen-error-boundary';
import { NavigationBridge } from './navigation-bridge';
import { MethodRegistryProvider } from '../lib/methods/method-registry';
import { RouteFocusProvider } from '../lib/route-focus';
import { methodRegistry } from './methods/method-registry';
import { PageViews } from './page-views';
import { ScrollToTop } from './scroll-to-top';
import { authMachine, navigation, queryClient, returnPaths } from './composition-root';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider machine={authMachine}>
        {/* Synchronous location updates: required by the flushed navigation in composition-root.ts. */}
        <BrowserRouter useTransitions={false}>
          <NavigationBridge navigation={navigation} />
          <ScrollToTop />
          <PageViews />
          <AppErrorBoundary>
            <MethodRegistryProvider registry={methodRegistry}>
              <RouteFocusProvider>
                {/* Waits for the translations of the current language. */}
                <Suspense fallback={<BootSplash />}>
                  <AppRoutes returnPaths={returnPaths} />
                </Suspense>
              </RouteFocusProvider>
            </MethodRegistryProvider>
          </AppErrorBoundary>
        </BrowserRouter>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
