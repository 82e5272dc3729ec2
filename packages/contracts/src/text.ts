import { z } from 'zod';

/**
 * The one rule for text that arrives in a request. Control characters (U+0000–U+001F,
 * U+007F–U+009F: NUL, BEL, ESC, DEL, …) and halves of a surrogate pair are never part of what
 * a person types; the database refuses NUL outright and the others garble logs, terminals and
 * messages. Every text field of every request schema is built from `text` or `multilineText`.
 *
 * A string format checks its text first: `text().pipe(z.url())`.
 *
 * Multi-line text (descriptions) also takes the three characters that lay out text: tab, line
 * feed and carriage return. Single-line text (names, numbers, codes, address lines) takes none.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const LINE_BREAK_MESSAGE = 'must not contain line breaks or control characters';

/** Whether `value` is single-line text with no control characters. */
export const isSingleLineText = (value: string): boolean => !SINGLE_LINE_FORBIDDEN.test(value);

/** Whether `value` is text with no control characters other than tab, line feed and return. */
export const isMultilineText = (value: string): boolean => !MULTI_LINE_FORBIDDEN.test(value);

type StringParams = Parameters<typeof z.string>[0];

/**
 * A single-line text field: `text({ error: 'Name is required' }).trim().min(1).max(50)`.
 * `message` replaces the default message of the control-character rule.
 */
export const text = (params?: StringParams, message: string = LINE_BREAK_MESSAGE) =>
  z.string(params).refine(isSingleLineText, message);

/** A multi-line text field (tab, line feed and carriage return allowed). */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine(isMultilineText, CONTROL_CHARACTER_MESSAGE);
