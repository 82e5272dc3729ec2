import { describe, expect, it } from 'vitest';
import { createRefundRequestSchema } from './merchant';
import { isMultilineText, isSingleLineText, multilineText, text } from './text';

const controls = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'];

describe('text rule', () => {
  it.each(controls.map((c) => [JSON.stringify(c), c]))(
    'single- and multi-line text refuse %s',
    (_name, c) => {
      expect(isSingleLineText(`ab${c}cd`)).toBe(false);
      expect(isMultilineText(`ab${c}cd`)).toBe(false);
      expect(text().trim().min(1).safeParse(`${c}`).success).toBe(false);
      expect(multilineText().safeParse(`line${c}`).success).toBe(false);
    },
  );

  it('line breaks and tabs only in multi-line text', () => {
    for (const layout of ['\n', '\r\n', '\t']) {
      expect(isSingleLineText(`a${layout}b`)).toBe(false);
      expect(isMultilineText(`a${layout}b`)).toBe(true);
    }
  });

  it('half of a surrogate pair is refused, whole characters of any script pass', () => {
    expect(isSingleLineText('a\ud800b')).toBe(false);
    expect(isMultilineText('\udc00')).toBe(false);
    for (const ok of ['Zoë Ångström', 'José-María', '李小龙', 'Pay 🎉 day', "O'Neil, Jr."]) {
      expect(isSingleLineText(ok)).toBe(true);
    }
  });

  it('the refusal names the rule, and trimming does not hide a control character', () => {
    const result = text().trim().min(1).safeParse('\u0000');
    expect(result.error?.issues[0]?.message).toBe(
      'must not contain line breaks or control characters',
    );
    expect(text().trim().safeParse(' name\u001b ').success).toBe(false);
  });

  it('a refund takes a multi-line description but a single-line order number', () => {
    const refund = {
      customer: { first_name: 'Alex', last_name: 'Morgan', email: 'alex@example.com' },
      order_number: 'SS-1',
      description: 'Running jacket\nsize M',
      returns: [{ amount_in_cents: 100, description: 'Jacket\r\nreturned' }],
    };
    expect(createRefundRequestSchema.safeParse(refund).success).toBe(true);
    expect(createRefundRequestSchema.safeParse({ ...refund, order_number: 'SS\n1' }).success).toBe(
      false,
    );
  });
});
