import type { signInRequestSchema } from '@refund/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { trackAuthStarted } from '../../../lib/analytics-events';
import { errorMessage } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { notify } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';
import { continueToVerify } from './continue-to-verify';

type SignInFields = 'phone_number';
type SignInFormInput = Pick<z.input<typeof signInRequestSchema>, SignInFields>;
type SignInFormOutput = Pick<z.output<typeof signInRequestSchema>, SignInFields>;

const validation = lazyResolver(async () => {
  const [{ zodResolver }, { signInRequestSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@refund/contracts/auth'),
  ]);
  return zodResolver<SignInFormInput, unknown, SignInFormOutput>(
    signInRequestSchema.pick({ phone_number: true }),
  );
});

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInFormInput, unknown, SignInFormOutput>({
    resolver: validation.resolver,
    defaultValues: { phone_number: '' },
  });

  const submit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (challenge) => {
        trackAuthStarted('sign_in');
        continueToVerify(navigate, challenge);
      },
      onError: (error) => void notify.error(errorMessage(error)),
    }),
  );

  return (
    <form {...validation.formProps(submit)} className="flex flex-col gap-5">
      <TextField
        label={t('auth.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('auth.phonePlaceholder')}
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <p className="text-sm text-ink-muted">{t('auth.smsConsent')}</p>
      <Button type="submit" loading={signIn.isPending}>
        {t('auth.continue')}
      </Button>
    </form>
  );
}
