import { describe, expect, it } from 'vitest';
import { codeGroups } from './code-groups';

const shown = (code: string) =>
  codeGroups(code)
    .map((group) => group.text + group.after)
    .join('');

describe('gift card code groups', () => {
  it('shows a code without separators in groups of four', () => {
    expect(codeGroups('4000123412341234')).toEqual([
      { text: '4000', after: ' ' },
      { text: '1234', after: ' ' },
      { text: '1234', after: ' ' },
      { text: '1234', after: '' },
    ]);
    expect(shown('123456')).toBe('1234 56');
  });

  it("keeps the issuer's dashes and spaces, breaking only after them", () => {
    expect(codeGroups('1234-5678-9012')).toEqual([
      { text: '1234-', after: '' },
      { text: '5678-', after: '' },
      { text: '9012', after: '' },
    ]);
    expect(shown('ABCD EFGH-IJ')).toBe('ABCD EFGH-IJ');
    expect(shown(' 1234-5678 ')).toBe('1234-5678');
  });

  it('lets a very long separated part break between groups of four, showing nothing there', () => {
    const groups = codeGroups('X-ABCDEFGHIJKLMNOPQR');
    expect(groups.map((g) => g.text)).toEqual(['X-', 'ABCD', 'EFGH', 'IJKL', 'MNOP', 'QR']);
    expect(shown('X-ABCDEFGHIJKLMNOPQR')).toBe('X-ABCDEFGHIJKLMNOPQR');
  });
});
