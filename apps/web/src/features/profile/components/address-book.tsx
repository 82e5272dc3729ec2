import { zodResolver } from '@hookform/resolvers/zod';
import {
  addAddressRequestSchema,
  MAX_ADDRESSES,
  type Address,
  type Profile,
} from '@refund/contracts/profile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useAddAddress,
  useEditAddress,
  useMakePrimaryAddress,
  useRemoveAddress,
} from '../api/address-book';
import { AddressFields, knownState, type AddressValues } from './address-form';

type Output = z.output<typeof addAddressRequestSchema>;

interface AddressEditorProps {
  /** The address being edited; null to add one. */
  address: Address | null;
  onDone: () => void;
}

/** Adds an address or edits one, with the choice to make it the primary one. */
function AddressEditor({ address, onDone }: AddressEditorProps) {
  const { t } = useTranslation();
  const add = useAddAddress();
  const edit = useEditAddress();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressValues, unknown, Output>({
    resolver: zodResolver(addAddressRequestSchema),
    defaultValues: {
      line_1: address?.line_1 ?? '',
      line_2: address?.line_2 ?? '',
      city: address?.city ?? '',
      state: knownState(address?.state),
      zipcode: address?.zipcode ?? '',
      is_primary: address?.is_primary ?? false,
    },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    const body = { ...values, line_2: values.line_2 ? values.line_2 : null };
    const done = {
      onSuccess: () => {
        notify.success(t(address ? 'addressBook.updated' : 'addressBook.added'));
        onDone();
      },
      onError: (error: unknown) => setServerError(errorMessage(error)),
    };
    if (address) edit.mutate({ id: address.id, body }, done);
    else add.mutate(body, done);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <AddressFields register={register} errors={errors} />
      {!address?.is_primary && (
        <CheckboxField label={t('addressBook.makePrimaryField')} {...register('is_primary')} />
      )}
      <FormAlert message={serverError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={add.isPending || edit.isPending}>
          {t('address.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('addressBook.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AddressEntry({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const { t } = useTranslation();
  const makePrimary = useMakePrimaryAddress();
  const remove = useRemoveAddress();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onError = (failure: unknown) => setError(errorMessage(failure));
  const summary = [address.line_1, address.line_2, address.city].filter(Boolean).join(', ');

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" aria-label={summary}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-ink">
          <span className="block">{address.line_1}</span>
          {address.line_2 && <span className="block">{address.line_2}</span>}
          <span className="block">
            {address.city}, {address.state} {address.zipcode}
          </span>
        </p>
        {address.is_primary && (
          <span className="rounded-full bg-primary-soft px-3 py-0.5 text-sm font-semibold text-ink">
            {t('addressBook.primary')}
          </span>
        )}
      </div>
      {confirming ? (
        <div
          role="group"
          aria-label={t('addressBook.confirmRemove')}
          className="flex flex-col gap-2"
        >
          <p className="text-ink">{t('addressBook.confirmRemove')}</p>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(address.id, {
                  onSuccess: () => notify.success(t('addressBook.removed')),
                  onError,
                })
              }
            >
              {t('addressBook.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('addressBook.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit}>
            {t('addressBook.edit')}
          </Button>
          {!address.is_primary && (
            <Button
              variant="secondary"
              loading={makePrimary.isPending}
              onClick={() =>
                makePrimary.mutate(address.id, {
                  onSuccess: () => notify.success(t('addressBook.primaryChanged')),
                  onError,
                })
              }
            >
              {t('addressBook.makePrimary')}
            </Button>
          )}
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('addressBook.remove')}
          </Button>
        </div>
      )}
      <FormAlert message={error} />
    </li>
  );
}

/** The customer's addresses: the primary one marked; add, edit, remove, make primary. */
export function AddressBook({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  // 'new' while adding, an address id while editing that address.
  // With no address yet, the form to add one is what the screen is for.
  const [editing, setEditing] = useState<string | null>(
    profile.address.length === 0 ? 'new' : null,
  );
  const full = profile.address.length >= MAX_ADDRESSES;

  if (editing !== null) {
    const address = profile.address.find((a) => a.id === editing) ?? null;
    return (
      <section aria-label={t(address ? 'addressBook.editTitle' : 'addressBook.addTitle')}>
        <h2 className="mb-4 text-lg font-semibold text-ink">
          {t(address ? 'addressBook.editTitle' : 'addressBook.addTitle')}
        </h2>
        <AddressEditor address={address} onDone={() => setEditing(null)} />
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {profile.address.length === 0 ? (
        <p className="text-ink-muted">{t('personalDetails.noAddress')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {profile.address.map((address) => (
            <AddressEntry
              key={address.id}
              address={address}
              onEdit={() => setEditing(address.id)}
            />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-ink-muted">{t('addressBook.full', { count: MAX_ADDRESSES })}</p>
      ) : (
        <Button onClick={() => setEditing('new')}>{t('addressBook.add')}</Button>
      )}
    </div>
  );
}
