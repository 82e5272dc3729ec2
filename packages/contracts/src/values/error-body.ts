/**
 * The one error body on the wire (SPEC §3) and the body a client shows when a call failed
 * without a readable one, apart from `errors.ts`: a client reads these before it needs any
 * schema, so they make no zod schema when loaded. `errors.ts` checks its schema and its catalogue
 * against them (error-body.test.ts).
 */
export interface ErrorBody {
  code: number;
  code_description: string;
  message: string;
}

/** The SPEC's unknown error (3001), with the catalogue's text for it (§8). */
export const internalErrorBody: ErrorBody = {
  code: 3001,
  code_description: 'INTERNAL',
  message: 'Internal Server error',
};
