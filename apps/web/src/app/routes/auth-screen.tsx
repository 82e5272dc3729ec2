import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRouteHeading } from '../../lib/route-focus';
import { lazyScreen, preloadScreen } from '../lazy-screen';

const SignUpPanel = lazyScreen(() => import('./sign-up-panel'), 'SignUpPanel');

/** Whether an address of /auth asks for sign-up (?mode=signup). */
export const isSignUpMode = (search: string): boolean =>
  new URLSearchParams(search).get('mode') === 'signup';

/** Loads sign-up's own part, for a page that opens on it (see app-routes.tsx). */
export const preloadSignUp = (): Promise<void> => preloadScreen(SignUpPanel);

/** /auth: sign in, or sign up with ?mode=signup (prefilled when a claim needs an account). */
export function AuthScreen() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = isSignUpMode(params.toString()) ? 'signUp' : 'signIn';
  useDocumentTitle(t(`auth.${mode}.title`));

  return (
    <Card className="flex flex-col gap-6">
      {mode === 'signUp' ? (
        <SignUpPanel />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
              {t('auth.signIn.title')}
            </h1>
            <p className="text-ink-muted">{t('auth.signIn.intro')}</p>
          </div>
          <SignInForm />
        </>
      )}
      <p className="text-center text-sm text-ink-muted">
        {t(`auth.${mode}.switchPrompt`)}{' '}
        <Link
          to={mode === 'signUp' ? paths.auth.href() : paths.auth.href('signup')}
          className="font-semibold text-primary underline underline-offset-4"
        >
          {t(`auth.${mode}.switchLink`)}
        </Link>
      </p>
    </Card>
  );
}
