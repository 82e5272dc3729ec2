import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_LENGTH, otpCodeSchema } from '@refund/contracts/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from './button';
import { TextField } from './text-field';
import { FormAlert } from './form-alert';

const codeFormSchema = z.object({ code: otpCodeSchema });

interface CodeEntryFormProps {
  /** Called with the six digits once they are well-formed. */
  onSubmit: (code: string) => void;
  pending: boolean;
  /** The server's refusal (e.g. 'Incorrect one time passcode'), announced as an alert. */
  serverError: string | null;
}

/** The one-time-code entry shared by sign-in and claim verification: same look, same rules. */
export function CodeEntryForm({ onSubmit, pending, serverError }: CodeEntryFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  // A code screen is for typing the code: the field takes focus as soon as it shows.
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(({ code }) => onSubmit(code));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <TextField
        label={t('verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        error={errors.code?.message}
        {...register('code')}
      />
      <FormAlert message={serverError} />
      <Button type="submit" loading={pending}>
        {t('verify.submit')}
      </Button>
    </form>
  );
}
