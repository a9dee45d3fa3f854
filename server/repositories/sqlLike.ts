/** A user's text for an ILIKE/LIKE pattern: `%`, `_` and `\` match themselves, not "anything". */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
