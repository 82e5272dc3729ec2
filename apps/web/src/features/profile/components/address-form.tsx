import { zodResolver } from '@hookform/resolvers/zod';
import {
  preferredAddress,
  updateAddressRequestSchema,
  type Profile,
  type UpdateAddressRequest,
} from '@refund/contracts/profile';
import { usStates } from '@refund/contracts/us-states';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateAddress } from '../api/update-address';
import { FormAlert } from '../../../components/form-alert';

const stateOptions = usStates.map((state) => ({ value: state.code, label: state.name }));

/** A saved state from before the list (free text) is not offered as chosen: pick again. */
export const knownState = (state: string | undefined): string =>
  usStates.some((listed) => listed.code === state) ? (state ?? '') : '';

export type AddressValues = UpdateAddressRequest & { is_primary?: boolean };

interface AddressFieldsProps {
  register: UseFormRegister<AddressValues>;
  errors: FieldErrors<AddressValues>;
}

/** The fields of a US address: lines, city, state from the list, 5-digit zip. */
export function AddressFields({ register, errors }: AddressFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('address.line1')}
        autoComplete="address-line1"
        error={errors.line_1?.message}
        {...register('line_1')}
      />
      <TextField
        label={t('address.line2')}
        autoComplete="address-line2"
        error={errors.line_2?.message}
        {...register('line_2')}
      />
      <TextField
        label={t('address.city')}
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register('city')}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label={t('address.state')}
          placeholder={t('address.chooseState')}
          options={stateOptions}
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label={t('address.zipcode')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          error={errors.zipcode?.message}
          {...register('zipcode')}
        />
      </div>
    </>
  );
}

interface AddressFormProps {
  profile: Profile;
  onSaved: () => void;
}

/** Update Address: the customer's primary (billing) address, prefilled when there is one. */
export function AddressForm({ profile, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  const update = useUpdateAddress();
  const [serverError, setServerError] = useState<string | null>(null);
  const current = preferredAddress(profile.address);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressValues, unknown, z.output<typeof updateAddressRequestSchema>>({
    resolver: zodResolver(updateAddressRequestSchema),
    defaultValues: {
      line_1: current?.line_1 ?? '',
      line_2: current?.line_2 ?? '',
      city: current?.city ?? '',
      state: knownState(current?.state),
      zipcode: current?.zipcode ?? '',
    },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    update.mutate(
      { ...values, line_2: values.line_2 ? values.line_2 : null },
      { onSuccess: onSaved, onError: (error) => setServerError(errorMessage(error)) },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <AddressFields register={register} errors={errors} />
      <FormAlert message={serverError} />
      <Button type="submit" loading={update.isPending}>
        {t('address.save')}
      </Button>
    </form>
  );
}
