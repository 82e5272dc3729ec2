import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { readClaimSignUpState } from '../../features/claim/claim-routing-state';
import { useRouteHeading } from '../../lib/route-focus';

/**
 * /auth?mode=signup's own part: its heading, the intro (a claim's when a refund needs an account)
 * and the form, prefilled with what the merchant gave. Apart from auth-screen.tsx, so that the
 * sign-in screen does not load the claim's router-state schemas with it.
 */
export function SignUpPanel() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const claimSignUp = readClaimSignUpState(useLocation().state);

  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
          {t('auth.signUp.title')}
        </h1>
        <p className="text-ink-muted">
          {claimSignUp !== null ? t('claimProof.signUpIntro') : t('auth.signUp.intro')}
        </p>
      </div>
      <SignUpForm
        defaults={claimSignUp?.claimSignUp}
        addPhoneNumber={claimSignUp?.isAddPhoneNumber ?? false}
      />
    </>
  );
}
