import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_LENGTH, verifyCodeRequestSchema } from '@refund/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-error';
import { useVerifyCode } from '../api/verify-code';
import { useAuthMachine } from '../auth-context';
import { clearSavedAttempt, type OtpAttempt } from '../otp-attempt';

const codeFormSchema = verifyCodeRequestSchema.pick({ code: true });

export function VerifyCodeForm({ attempt }: { attempt: OtpAttempt }) {
  const { t } = useTranslation();
  const auth = useAuthMachine();
  const verify = useVerifyCode();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) => {
    setServerError(null);
    verify.mutate(
      { attempt_id: attempt.challenge.attempt_id, code },
      {
        onSuccess: (token) => {
          clearSavedAttempt();
          auth.acceptToken(token);
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <TextField
        label={t('verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        error={errors.code?.message}
        {...register('code')}
      />
      {serverError && (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {serverError}
        </p>
      )}
      <Button type="submit" loading={verify.isPending}>
        {t('verify.submit')}
      </Button>
    </form>
  );
}
