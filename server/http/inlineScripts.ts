/**
 * The only inline scripts the server's own pages carry. The CSP (security/headers.ts) allows each by
 * its hash, so it lives here, below both the page that prints it and the policy that permits it.
 */

/** The provider's logout page submits its form by itself. */
export const LOGOUT_SCRIPT = "document.getElementById('logout').click()";
