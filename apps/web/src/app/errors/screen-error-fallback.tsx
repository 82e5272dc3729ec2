import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../components/button';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import { useFirstScreenShown } from '../../lib/first-screen';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { ScreenLoadError } from '../lazy-screen';

/**
 * In place of a screen that failed: what happened, and a way forward (try again, or start over
 * from home, or from sign-in when signed out). A screen whose code did not arrive says so.
 */
export function ScreenErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  // A page may open on it: it is the first screen then.
  useFirstScreenShown();
  const { t } = useTranslation();
  const signedIn = useAuthState().status === 'AuthSuccessful';
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const notLoaded = error instanceof ScreenLoadError;
  const start = signedIn
    ? { to: paths.home.href(), label: t('screenError.goHome') }
    : { to: paths.auth.href(), label: t('screenError.goSignIn') };
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 py-10 text-center">
      <div role="alert" className="flex flex-col gap-2">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink outline-none"
        >
          {notLoaded ? t('screenError.loadTitle') : t('screenError.title')}
        </h1>
        <p className="text-ink-muted">
          {notLoaded ? t('screenError.loadBody') : t('screenError.body')}
        </p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button onClick={resetErrorBoundary}>
          {notLoaded ? t('screenError.retry') : t('screenError.tryAgain')}
        </Button>
        <Link to={start.to} className={buttonVariants.secondary}>
          {start.label}
        </Link>
      </div>
    </div>
  );
}
