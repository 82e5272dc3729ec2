import { describe, expect, it } from 'vitest';
import { internalErrorBody } from './error-body';
import { errorBody, errorBodySchema } from '../errors';

describe('the error body a client reads without the catalogue', () => {
  it('is the catalogue’s unknown error, and a body its schema accepts', () => {
    expect(internalErrorBody).toEqual(errorBody('INTERNAL'));
    expect(errorBodySchema.parse(internalErrorBody)).toEqual(internalErrorBody);
  });
});
