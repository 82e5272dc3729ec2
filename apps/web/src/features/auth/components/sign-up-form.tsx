import type { signUpRequestSchema } from '@refund/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { TextField } from '../../../components/text-field';
import { ConsentText } from '../../../components/consent-text';
import { trackAuthStarted } from '../../../lib/analytics-events';
import { errorMessage } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { notify } from '../../../lib/toast';
import { useSignUp } from '../api/sign-up';
import { continueToVerify } from './continue-to-verify';

// The box starts unticked; the schema only accepts it ticked.
type SignUpFormInput = Omit<z.input<typeof signUpRequestSchema>, 'accepted_terms' | 'bot_token'> & {
  accepted_terms: boolean;
};
type SignUpFormOutput = Omit<z.output<typeof signUpRequestSchema>, 'bot_token'>;

const validation = lazyResolver(async () => {
  const [{ zodResolver }, { signUpRequestSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@refund/contracts/auth'),
  ]);
  return zodResolver<SignUpFormInput, unknown, SignUpFormOutput>(
    signUpRequestSchema.omit({ bot_token: true }),
  );
});

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface SignUpDefaults {
  first_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
}

interface SignUpFormProps {
  /** Values known already, e.g. the contact details a merchant gave with a refund. */
  defaults?: SignUpDefaults;
  /** The merchant gave no phone number: the customer adds the one they will sign in with. */
  addPhoneNumber?: boolean;
}

export function SignUpForm({ defaults = {}, addPhoneNumber = false }: SignUpFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: validation.resolver,
    defaultValues: {
      first_name: defaults.first_name ?? '',
      last_name: '',
      email: defaults.email ?? '',
      phone_number: defaults.phone_number ?? '',
      date_of_birth: '',
      accepted_terms: false,
    },
  });

  const submit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (challenge) => {
        trackAuthStarted('sign_up');
        continueToVerify(navigate, challenge);
      },
      onError: (error) => void notify.error(errorMessage(error)),
    }),
  );

  return (
    <form {...validation.formProps(submit)} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('auth.firstName')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label={t('auth.lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('auth.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('auth.phonePlaceholder')}
        hint={addPhoneNumber ? t('auth.addPhoneHint') : undefined}
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <TextField
        label={t('auth.dateOfBirth')}
        type="date"
        autoComplete="bday"
        max={todayIso()}
        error={errors.date_of_birth?.message}
        {...register('date_of_birth')}
      />
      <CheckboxField
        label={<ConsentText i18nKey="auth.acceptTerms" />}
        error={errors.accepted_terms?.message}
        {...register('accepted_terms')}
      />
      <p className="text-sm text-ink-muted">{t('auth.smsConsent')}</p>
      <Button type="submit" loading={signUp.isPending}>
        {t('auth.continue')}
      </Button>
    </form>
  );
}
