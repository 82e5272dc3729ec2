import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';
import { notify } from './toast';

interface Values {
  phone_number: string;
}

const accepting: Resolver<Values, unknown, Values> = (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a form validation that loads when first needed', () => {
  it('loads nothing until the form validates or asks for it, and then once', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const validation = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    validation.preload();
    const values = { phone_number: '2025550143' };
    await expect(validation.resolver(values, undefined, options)).resolves.toEqual({
      values,
      errors: {},
    });
    await validation.resolver(values, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails a validation whose code did not arrive, and loads it again at the next one', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values, unknown, Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(accepting);
    const validation = lazyResolver(load);
    const values = { phone_number: '2025550143' };

    validation.preload();
    await expect(validation.resolver(values, undefined, options)).rejects.toThrow(
      'dynamically imported module',
    );
    await expect(validation.resolver(values, undefined, options)).resolves.toEqual({
      values,
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts loading when a field gets focus, and says a submit that failed as a toast', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const props = lazyResolver(load).formProps(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    expect(props.noValidate).toBe(true);

    props.onFocus();
    expect(load).toHaveBeenCalledTimes(1);
    props.onSubmit({} as Parameters<typeof props.onSubmit>[0]);
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Internal Server error'));
  });
});
