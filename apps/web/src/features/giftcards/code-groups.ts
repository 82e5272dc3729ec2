/** A piece of a gift card code that is never broken across lines, and what follows it. */
export interface CodeGroup {
  text: string;
  /** ' ' shows a space after the group; '' only allows a line break there. */
  after: ' ' | '';
}

/** How many characters a group of a code without separators has, as card numbers are printed. */
const GROUP = 4;

const chunks = (text: string): string[] => text.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [];

/**
 * A code as the customer reads it off the screen and types it at a till: in groups that a line
 * never breaks inside. A code the issuer separates (`1234-5678`, `ABCD EFGH`) keeps its own
 * separators and breaks only after them; one without (a barcode's digits) is shown in groups of
 * four. The groups' text, with the spaces, is what is shown; copying copies the code as issued.
 */
export function codeGroups(code: string): CodeGroup[] {
  const value = code.trim();
  if (!/[\s-]/.test(value)) {
    return chunks(value).map((text, i, all) => ({ text, after: i < all.length - 1 ? ' ' : '' }));
  }
  const groups: CodeGroup[] = [];
  const words = value.split(/\s+/);
  words.forEach((word, w) => {
    const parts = word.match(/[^-]+-*|-+/g) ?? [];
    parts.forEach((part, p) => {
      // A part longer than a few groups would still overflow a phone's width: it may break
      // between groups of four, with nothing shown there.
      const pieces = part.length > GROUP * 3 ? chunks(part) : [part];
      pieces.forEach((text, i) => {
        const lastOfWord = p === parts.length - 1 && i === pieces.length - 1;
        groups.push({ text, after: lastOfWord && w < words.length - 1 ? ' ' : '' });
      });
    });
  });
  return groups;
}
