/**
 * The owner's answer link in a notice and its reminders (spec 2 §4 Replies, answered by a link as well
 * as by SMS): one more line with `{public URL}/a/{token}`, where the owner sees the appointment and
 * confirms it or asks for another time (server/services/ownerAnswer.ts; the page:
 * src/features/ownerAnswer). The token is the server's (server/security/ownerLink.ts); its alphabet is
 * base64url, so the link needs no escaping and stays in GSM-7 (src/domain/sms/segments.ts).
 */

/** Where the answer page lives, on the server's public origin. */
export const ANSWER_PAGE_PREFIX = '/a/';
/** The token's exact length (20 bytes in base64url: the item id, the expiry and a 96-bit MAC). */
export const ANSWER_TOKEN_LENGTH = 27;
/** The longest token a route or page accepts before checking it (a bound on input, not its format). */
export const ANSWER_TOKEN_MAX_LENGTH = 64;
export const ANSWER_TOKEN_PATTERN = `^[A-Za-z0-9_-]{1,${ANSWER_TOKEN_MAX_LENGTH}}$`;

/** The answer page's URL for `token` on `publicUrl` (an origin, with or without a trailing slash). */
export function answerLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ANSWER_PAGE_PREFIX}${token}`;
}

/** The notice's text with the answer link as its last line. */
export function withAnswerLink(text: string, url: string): string {
  return `${text.replace(/\s+$/, '')}\n${url}`;
}
