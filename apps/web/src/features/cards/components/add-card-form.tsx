import { zodResolver } from '@hookform/resolvers/zod';
import { addCardRequestSchema, type AddCardRequest, type Card } from '@refund/contracts/cards';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useAddCard } from '../api/add-card';
import { FormAlert } from '../../../components/form-alert';

interface AddCardFormProps {
  onAdded: (card: Card) => void;
  /** The API wants a billing address first. */
  onAddressRequired: () => void;
}

/**
 * Add Card: the number goes straight to the API's vault. The rules are the contract's (Luhn,
 * Visa or Mastercard, MM/YY or MM/YYYY not in the past, 3 or 4 digit CVV); whether the card is
 * a debit card only the API can tell, and its refusal is shown as it is.
 */
export function AddCardForm({ onAdded, onAddressRequired }: AddCardFormProps) {
  const { t } = useTranslation();
  const addCard = useAddCard();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddCardRequest, unknown, z.output<typeof addCardRequestSchema>>({
    resolver: zodResolver(addCardRequestSchema),
    defaultValues: { card_number: '', expiry: '', cvv: '', name_on_card: '' },
  });

  const submit = handleSubmit((values) => {
    setServerError(null);
    addCard.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => {
        if (error instanceof ApiError && error.codeDescription === 'ADDRESS_REQUIRED') {
          onAddressRequired();
          return;
        }
        setServerError(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label={t('redeem.addCard.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        error={errors.card_number?.message}
        {...register('card_number')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('redeem.addCard.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <TextField
          label={t('redeem.addCard.cvv')}
          inputMode="numeric"
          autoComplete="cc-csc"
          type="password"
          maxLength={4}
          error={errors.cvv?.message}
          {...register('cvv')}
        />
      </div>
      <TextField
        label={t('redeem.addCard.name')}
        autoComplete="cc-name"
        error={errors.name_on_card?.message}
        {...register('name_on_card')}
      />
      <p className="text-sm text-ink-muted">{t('redeem.addCard.rule')}</p>
      <FormAlert message={serverError} />
      <Button type="submit" loading={addCard.isPending}>
        {t('redeem.addCard.submit')}
      </Button>
    </form>
  );
}
