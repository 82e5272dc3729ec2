/**
 * A response body with its random ids (UUIDs) and its times left out, for checks that no digits
 * of a card, an account or another customer appear in it: a random id may hold any four digits.
 */
export function withoutIdsAndTimes(body: string): string {
  return body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})/g, '<time>');
}
