import type { FormEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { errorMessage } from './api-error';
import { notify } from './toast';

/** A form's validation, loaded when the form first needs it; see lazyResolver. */
export interface LazyResolver<TInput extends FieldValues, TOutput> {
  /** The form's resolver: it waits for the real one on its first use. */
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Starts loading it, e.g. when a customer first focuses one of the form's fields. */
  preload: () => void;
  /**
   * The form element's props: loading starts when a field first gets focus, and `submit` (the
   * form's handleSubmit) runs on submit; a validation that could not load is said as a toast.
   */
  formProps: (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => {
    noValidate: true;
    onFocus: () => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  };
}

/**
 * A form's resolver whose schema, and zod with it, loads when the form first validates (or at
 * `preload`) rather than with its screen: a sign-in screen would otherwise run every schema of
 * the contract it imports before its first field can be used. `load` runs once; a failed load
 * (a dropped connection) is tried again at the next validation, whose promise rejects with it.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const preload = () => void loaded().catch(() => undefined);
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload,
    formProps: (submit) => ({
      noValidate: true,
      onFocus: preload,
      onSubmit: (event) =>
        void submit(event).catch((error: unknown) => void notify.error(errorMessage(error))),
    }),
  };
}
