import { zodResolver } from '@hookform/resolvers/zod';
import {
  addBankAccountRequestSchema,
  bankAccountTypes,
  type BankAccount,
} from '@refund/contracts/banks';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { ChoiceGroup } from '../../../components/choice-group';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-error';
import { useAddBankAccount } from '../api/add-bank-account';
import { FormAlert } from '../../../components/form-alert';

/** The contract's rules, plus typing the account number twice: a typo here sends money astray. */
const formSchema = addBankAccountRequestSchema
  .safeExtend({ confirm_account_number: z.string().trim() })
  .refine((v) => v.confirm_account_number === v.account_number, {
    path: ['confirm_account_number'],
    message: 'Account numbers do not match',
  });
type FormInput = z.input<typeof formSchema>;

/** Add Bank Account (/redeem/add-account): routing number with its ABA checksum, account number. */
export function AddBankAccountForm({ onAdded }: { onAdded: (account: BankAccount) => void }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      routing_number: '',
      account_number: '',
      confirm_account_number: '',
      account_type: 'checking',
      account_holder_name: '',
    },
  });

  const submit = handleSubmit(({ confirm_account_number: _confirm, ...values }) => {
    setServerError(null);
    add.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => setServerError(errorMessage(error)),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('redeem.addAccount.holder')}
        autoComplete="name"
        error={errors.account_holder_name?.message}
        {...register('account_holder_name')}
      />
      <TextField
        label={t('redeem.addAccount.routing')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        hint={t('redeem.addAccount.routingHint')}
        error={errors.routing_number?.message}
        {...register('routing_number')}
      />
      <TextField
        label={t('redeem.addAccount.account')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        error={errors.account_number?.message}
        {...register('account_number')}
      />
      <TextField
        label={t('redeem.addAccount.confirmAccount')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        error={errors.confirm_account_number?.message}
        {...register('confirm_account_number')}
      />
      <Controller
        control={control}
        name="account_type"
        render={({ field }) => (
          <ChoiceGroup
            legend={t('redeem.addAccount.type')}
            options={bankAccountTypes.map((type) => ({
              value: type,
              label: t(`redeem.bank.accountDetail.${type}`),
            }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <FormAlert message={serverError} />
      <Button type="submit" loading={add.isPending}>
        {t('redeem.addAccount.submit')}
      </Button>
    </form>
  );
}
