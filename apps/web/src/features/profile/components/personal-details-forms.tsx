import { zodResolver } from '@hookform/resolvers/zod';
import {
  newEmailSchema,
  newPhoneSchema,
  updateProfileRequestSchema,
  type NewEmail,
  type NewPhone,
  type Profile,
  type UpdateProfileRequest,
} from '@refund/contracts/profile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { PasscodeStep } from '../../../components/passcode-step';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-error';
import { attemptFromChallenge, type OtpAttempt } from '../../../lib/otp-attempt';
import { notify } from '../../../lib/toast';
import { useChangeEmail } from '../api/change-email';
import {
  useResendPhoneChange,
  useStartPhoneChange,
  useVerifyPhoneChange,
} from '../api/change-phone';
import { useUpdatePersonalDetails } from '../api/update-personal-details';
import { ContactStepUpStep, isPasscodeError, useContactStepUp } from './contact-step-up';

interface EditFormProps {
  profile: Profile;
  onDone: () => void;
}

function FormButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" loading={pending}>
        {t('profileEdit.save')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('profileEdit.cancel')}
      </Button>
    </div>
  );
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** First and last name and date of birth; only what changed is sent. */
export function NameAndBirthForm({ profile, onDone }: EditFormProps) {
  const { t } = useTranslation();
  const update = useUpdatePersonalDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateProfileRequest, unknown, z.output<typeof updateProfileRequestSchema>>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      date_of_birth: profile.date_of_birth,
    },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    const changed: UpdateProfileRequest = {
      ...(values.first_name !== profile.first_name ? { first_name: values.first_name } : {}),
      ...(values.last_name !== profile.last_name ? { last_name: values.last_name } : {}),
      ...(values.date_of_birth !== profile.date_of_birth
        ? { date_of_birth: values.date_of_birth }
        : {}),
    };
    if (Object.keys(changed).length === 0) {
      onDone();
      return;
    }
    update.mutate(changed, {
      onSuccess: () => {
        notify.success(t('profileEdit.detailsSaved'));
        onDone();
      },
      onError: (error) => setServerError(errorMessage(error)),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('profileEdit.firstName')}
        autoComplete="given-name"
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextField
        label={t('profileEdit.lastName')}
        autoComplete="family-name"
        error={errors.last_name?.message}
        {...register('last_name')}
      />
      <TextField
        label={t('profileEdit.dateOfBirth')}
        type="date"
        autoComplete="bday"
        max={todayIso()}
        error={errors.date_of_birth?.message}
        {...register('date_of_birth')}
      />
      <FormAlert message={serverError} />
      <FormButtons pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

/**
 * A new e-mail address, then the code texted to the current phone (the step-up); the address
 * becomes the account's once the link sent to it is opened.
 */
export function EmailForm({ profile, onDone }: EditFormProps) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const stepUp = useContactStepUp();
  const [pending, setPending] = useState<NewEmail | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewEmail, unknown, z.output<typeof newEmailSchema>>({
    resolver: zodResolver(newEmailSchema),
    defaultValues: { email: profile.pending_email ?? profile.email },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    setCodeError(null);
    setPending(values);
    stepUp.begin();
  });

  if (pending) {
    return (
      <ContactStepUpStep
        stepUp={stepUp}
        submitting={change.isPending}
        serverError={codeError}
        onCancel={onDone}
        onSubmit={(passcode) => {
          setCodeError(null);
          change.mutate(
            { ...pending, passcode },
            {
              onSuccess: (updated) => {
                notify.success(
                  t('profileEdit.linkSent', { email: updated.pending_email ?? pending.email }),
                );
                onDone();
              },
              onError: (error) => {
                if (isPasscodeError(error)) return setCodeError(errorMessage(error));
                // The address itself was refused: back to the form, which says why.
                setPending(null);
                setServerError(errorMessage(error));
              },
            },
          );
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('profileEdit.newEmail')}
        type="email"
        autoComplete="email"
        hint={t('profileEdit.emailHint')}
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert message={serverError} />
      <FormButtons pending={stepUp.sending} onCancel={onDone} />
    </form>
  );
}

/**
 * A new phone number, the code texted to the current phone (the step-up), then the code texted
 * to the new number; the number changes with that last code.
 */
export function PhoneForm({ onDone }: EditFormProps) {
  const { t } = useTranslation();
  const stepUp = useContactStepUp();
  const start = useStartPhoneChange();
  const resend = useResendPhoneChange();
  const verify = useVerifyPhoneChange();
  const [pending, setPending] = useState<NewPhone | null>(null);
  const [attempt, setAttempt] = useState<OtpAttempt | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [stepUpError, setStepUpError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPhone, unknown, z.output<typeof newPhoneSchema>>({
    resolver: zodResolver(newPhoneSchema),
    defaultValues: { phone_number: '' },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    setStepUpError(null);
    setPending(values);
    stepUp.begin();
  });

  if (attempt) {
    const attemptId = attempt.challenge.attempt_id;
    return (
      <PasscodeStep
        texts={{
          title: t('profileEdit.phoneCodeTitle'),
          intro: (destination) => t('profileEdit.phoneCodeIntro', { destination }),
          sending: t('profileEdit.phoneCodeSending'),
          cancel: t('profileEdit.cancel'),
        }}
        attempt={attempt}
        sendError={null}
        sending={resend.isPending}
        onResend={() =>
          resend.mutate(attemptId, {
            onSuccess: (challenge) => {
              setCodeError(null);
              setAttempt(attemptFromChallenge(challenge));
            },
            onError: (error) => setCodeError(errorMessage(error)),
          })
        }
        onSubmit={(code) =>
          verify.mutate(
            { attempt_id: attemptId, code },
            {
              onSuccess: () => {
                notify.success(t('profileEdit.phoneSaved'));
                onDone();
              },
              onError: (error) => setCodeError(errorMessage(error)),
            },
          )
        }
        submitting={verify.isPending}
        serverError={codeError}
        onCancel={onDone}
      />
    );
  }

  if (pending) {
    return (
      <ContactStepUpStep
        stepUp={stepUp}
        submitting={start.isPending}
        serverError={stepUpError}
        onCancel={onDone}
        onSubmit={(passcode) => {
          setStepUpError(null);
          start.mutate(
            { ...pending, passcode },
            {
              onSuccess: (challenge) => setAttempt(attemptFromChallenge(challenge)),
              onError: (error) => {
                if (isPasscodeError(error)) return setStepUpError(errorMessage(error));
                // The number itself was refused: back to the form, which says why.
                setPending(null);
                setServerError(errorMessage(error));
              },
            },
          );
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('profileEdit.newPhone')}
        type="tel"
        autoComplete="tel"
        hint={t('profileEdit.phoneHint')}
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <FormAlert message={serverError} />
      <FormButtons pending={stepUp.sending} onCancel={onDone} />
    </form>
  );
}
