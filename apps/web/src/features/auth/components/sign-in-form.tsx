import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema } from '@refund/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { trackAuthStarted } from '../../../lib/analytics-events';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';
import { goToVerify } from './go-to-verify';

const signInFormSchema = signInRequestSchema.pick({ phone_number: true });

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof signInFormSchema>, unknown, z.output<typeof signInFormSchema>>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { phone_number: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (challenge) => {
        trackAuthStarted('sign_in');
        goToVerify(navigate, challenge);
      },
      onError: (error) => void notify.error(errorMessage(error)),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
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
