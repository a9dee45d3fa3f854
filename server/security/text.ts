/** What text PostgreSQL can take; a module of its own so the identity provider can use it without an import cycle. */

/** NUL, or a surrogate not part of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL and drivers take as it is: no NUL, no half of a surrogate pair. */
export function isStorableText(value: string): boolean {
  return !BAD_TEXT.test(value);
}
