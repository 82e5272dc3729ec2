import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { readClaimSignUpState } from '../../features/claim/claim-routing-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRouteHeading } from '../../lib/route-focus';

/** /auth: sign in, or sign up with ?mode=signup (prefilled when a claim needs an account). */
export function AuthScreen() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const claimSignUp = readClaimSignUpState(useLocation().state);
  const mode = params.get('mode') === 'signup' ? 'signUp' : 'signIn';
  useDocumentTitle(t(`auth.${mode}.title`));
  const forClaim = mode === 'signUp' && claimSignUp !== null;

  return (
    <Card className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
          {t(`auth.${mode}.title`)}
        </h1>
        <p className="text-ink-muted">
          {forClaim ? t('claimProof.signUpIntro') : t(`auth.${mode}.intro`)}
        </p>
      </div>
      {mode === 'signUp' ? (
        <SignUpForm
          defaults={claimSignUp?.claimSignUp}
          addPhoneNumber={claimSignUp?.isAddPhoneNumber ?? false}
        />
      ) : (
        <SignInForm />
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
