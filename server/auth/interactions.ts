/**
 * Our pages inside /oidc: the login interaction (consent is granted automatically: the only client is
 * our own web app) and the plumber's self-registration into a company.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type Provider from 'oidc-provider';
import { asc, eq } from 'drizzle-orm';
import { NotificationType, Role, UserStatus } from '../../src/domain/enums';
import { isValidEmail, isValidPhone } from '../../src/domain/validation';
import { companies, customers, users } from '../db/schema';
import { findAccountByEmail, userContext } from './account';
import type { UserContext } from './context';
import { hashPassword, verifyPassword } from '../db/password';
import { loginPage, MAX_LENGTH, messagePage, registerPage, type CompanyOption, type RegisterErrors, type RegisterValues } from './pages';
import { OIDC_MOUNT } from './provider';
import { pickLang, TEXTS, type Lang, type Texts } from './texts';
import { isStorableText } from '../security/text';
import { consume, forget, limitHeaders, peek, retryAfterSeconds, takeSlot, type LimitState } from '../security/rateLimit';

export const MIN_PASSWORD_LENGTH = 8;

/** Told of each user who has just signed in with their password (app.ts: the planning list's warm-up). */
export type SignInListener = (user: UserContext) => void;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;
/** An attacked account takes tries from addresses that have failed on it one this far apart ... */
const SLOW_SPACING_MS = 1000;
/** ... and one that would wait longer than this for its turn is refused (429) instead. */
const SLOW_MAX_WAIT_MS = 5000;

type Form = Record<string, string | string[] | undefined>;
/**
 * What the catch-all parser makes of a body that is no form (JSON, XML, ...): our pages post forms
 * only. A JSON body's e-mail is kept, so a login posted that way counts against its account.
 */
class NotAForm {
  constructor(readonly email: string) {}

  static parse(contentType: string | undefined, body: Buffer): NotAForm {
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? '')) return new NotAForm('');
    try {
      const value: unknown = JSON.parse(body.toString('utf8'));
      const email = value && typeof value === 'object' ? (value as Record<string, unknown>).email : undefined;
      return new NotAForm(typeof email === 'string' ? email.trim() : '');
    } catch {
      return new NotAForm('');
    }
  }
}

const first = (body: Form, name: string) => {
  const v = body[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};
const field = (body: Form, name: string) => first(body, name).trim();

/** The body of a post to our pages, or null when it was not a form. */
function formOf(body: unknown): Form | null {
  if (body === undefined || body === null) return {};
  return typeof body === 'object' && !(body instanceof NotAForm) ? (body as Form) : null;
}

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, to drop them from a lookup key
const CONTROL_OR_SURROGATE = /[\u0000-\u001f\u007f\uD800-\uDFFF]/g;

/** A single-line text field we can store: storable, no control characters, not too long. */
function textProblem(value: string, max: number): 'errCharacters' | 'errTooLong' | null {
  if (!isStorableText(value) || CONTROL.test(value)) return 'errCharacters';
  return value.length > max ? 'errTooLong' : null;
}

/** Spends the same time on an unknown e-mail as on a wrong password. */
let dummyHash: Promise<string> | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function interactionRoutes(app: FastifyInstance, opts: { provider: Provider; onSignIn?: SignInListener }) {
  const { provider } = opts;
  const db = app.context.db;
  // Forms only: any other body (JSON above all) is read, bounded by bodyLimit, and answered with a
  // page, never parsed into values of other types.
  app.removeAllContentTypeParsers();
  await app.register(formbody);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => done(null, NotAForm.parse(req.headers['content-type'], body as Buffer)));

  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const lang = (req: FastifyRequest, uiLocales?: unknown) =>
    pickLang(text((req.query as { lang?: unknown }).lang), text(uiLocales), req.headers['accept-language']);
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const expired = (req: FastifyRequest, reply: FastifyReply) => {
    const l = lang(req);
    return html(reply, 400, messagePage(l, TEXTS[l].errorTitle, TEXTS[l].sessionExpired, 'error'));
  };

  const renderLogin = (reply: FastifyReply, status: number, uid: string, l: Lang, extra: { email?: string; error?: string; notice?: string } = {}) =>
    html(reply, status, loginPage({
      lang: l,
      action: `${OIDC_MOUNT}/interaction/${uid}/login?lang=${l}`,
      langHref: `${OIDC_MOUNT}/interaction/${uid}?lang=${l === 'nb' ? 'en' : 'nb'}`,
      ...extra,
    }));

  app.get<{ Params: { uid: string } }>(`${OIDC_MOUNT}/interaction/:uid`, async (req, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return expired(req, reply);
    }
    if (details.uid !== req.params.uid) return expired(req, reply);
    const l = lang(req, details.params.ui_locales);

    if (details.prompt.name === 'login') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return renderLogin(reply, 200, details.uid, l, { email: hint });
    }

    // Consent: our own web app gets what it asked for.
    const { prompt: { details: missing }, params, session } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    if (!grant) return expired(req, reply);
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims);
    const resourceScopes = (missing.missingResourceScopes ?? {}) as Record<string, string[]>;
    for (const [indicator, scopes] of Object.entries(resourceScopes)) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const to = await provider.interactionResult(req.raw, reply.raw, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
    return reply.redirect(to, 303);
  });

  app.post<{ Params: { uid: string }; Body: Form }>(`${OIDC_MOUNT}/interaction/:uid/login`, async (req, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return expired(req, reply);
    }
    if (details.uid !== req.params.uid || details.prompt.name !== 'login') return expired(req, reply);
    const l = lang(req, details.params.ui_locales);
    const t = TEXTS[l];
    const form = formOf(req.body);
    const rawEmail = form ? field(form, 'email') : req.body instanceof NotAForm ? req.body.email : '';
    const password = form ? first(form, 'password') : '';
    // Hostile input is a failed sign-in like any other (counted below), answered with a page.
    const problem = !form ? t.badForm
      : textProblem(rawEmail, MAX_LENGTH.email) || !isStorableText(password) || password.length > MAX_LENGTH.password ? t.wrongCredentials
        : null;
    const email = rawEmail.replace(CONTROL_OR_SURROGATE, '').trim().slice(0, MAX_LENGTH.email);

    // Failures count per account and address pair: an address that guesses is refused for that
    // account alone, and the plumber signs in from anywhere else. Every spelling of the e-mail that
    // reaches the account (case, spaces) counts for it.
    const account = email ? await findAccountByEmail(db, email) : null;
    const who = account ? `user:${account.user.id}` : `email:${email.toLowerCase()}`;
    const pairKey = `login-pair:${who}|${req.ip}`;
    const failuresKey = `login-failures:${who}`;
    const [byIp, byPair] = await Promise.all([
      consume(db, `login-ip:${req.ip}`, LOGIN_WINDOW_MS),
      consume(db, pairKey, LOGIN_WINDOW_MS),
    ]);
    const { loginPerIp, loginPerAccount } = app.context.config.rateLimit;
    const refuse = (max: number, state: LimitState) => {
      limitHeaders(reply, max, { ...state, count: Math.max(state.count, max + 1) });
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds(state) / 60));
      return renderLogin(reply, 429, details.uid, l, { email, error: t.tooManyAttempts.replace('{minutes}', String(minutes)) });
    };
    if (byIp.count > loginPerIp) return refuse(loginPerIp, byIp);
    if (byPair.count > loginPerAccount) return refuse(loginPerAccount, byPair);

    // An account that has failed past the limit across all addresses is slowed down, not closed:
    // addresses that have already failed on it take turns a second apart, while an address that has
    // not (the plumber on their own phone) goes straight on.
    if (byPair.count > 1 && (await peek(db, failuresKey)) >= loginPerAccount) {
      const slot = await takeSlot(db, `login-slow:${who}`, SLOW_SPACING_MS, SLOW_MAX_WAIT_MS);
      if (!slot.ok) return refuse(loginPerAccount, { count: byPair.count, ttlMs: slot.retryMs });
      await sleep(slot.waitMs);
    }
    const failed = async (status: number, error: string) => {
      await consume(db, failuresKey, LOGIN_WINDOW_MS);
      return renderLogin(reply, status, details.uid, l, { email, error });
    };
    if (problem) return failed(400, problem);

    dummyHash ??= hashPassword('meterwork-timing-equaliser');
    const passwordOk = account
      ? await verifyPassword(password, account.user.passwordHash)
      : (await verifyPassword(password, await dummyHash), false);
    if (!account || !passwordOk) return failed(401, t.wrongCredentials);

    const refusal: Partial<Record<number, keyof Texts>> = {
      [UserStatus.Pending]: 'pendingAccount',
      [UserStatus.Rejected]: 'rejectedAccount',
      [UserStatus.Deactivated]: 'deactivatedAccount',
    };
    if (account.user.status !== UserStatus.Activated) {
      const key = refusal[account.user.status] ?? 'inactiveAccount';
      return renderLogin(reply, 403, details.uid, l, { email, error: account.user.status === UserStatus.Pending ? undefined : t[key], notice: account.user.status === UserStatus.Pending ? t[key] : undefined });
    }

    await forget(db, pairKey);
    // Told before the redirect, so work for the user can start while their app boots (app.ts).
    opts.onSignIn?.(userContext(account));
    const to = await provider.interactionResult(req.raw, reply.raw, { login: { accountId: account.user.id } }, { mergeWithLastSubmission: false });
    return reply.redirect(to, 303);
  });

  const companyOptions = async (): Promise<CompanyOption[]> =>
    db.select({ id: companies.id, name: companies.name, orgNumber: companies.orgNumber, customerName: customers.name })
      .from(companies).innerJoin(customers, eq(customers.id, companies.customerId))
      .orderBy(asc(customers.name), asc(companies.name));

  // Post/redirect/get: reloading the confirmation does not post the form again.
  const registered = (reply: FastifyReply, l: Lang) => reply.redirect(`${OIDC_MOUNT}/register/done?lang=${l}`, 303);

  const empty: RegisterValues = { firstName: '', lastName: '', email: '', mobile: '', companyId: '', gdprConsent: false };

  app.get(`${OIDC_MOUNT}/register`, async (req, reply) =>
    html(reply, 200, registerPage(lang(req), await companyOptions(), empty, {})));

  app.post<{ Body: Form }>(`${OIDC_MOUNT}/register`, async (req, reply) => {
    const l = lang(req);
    const limit = app.context.config.rateLimit.registrationsPerIp;
    const attempts = await consume(db, `register-ip:${req.ip}`, REGISTER_WINDOW_MS);
    if (attempts.count > limit) {
      limitHeaders(reply, limit, attempts);
      return html(reply, 429, messagePage(l, TEXTS[l].errorTitle, TEXTS[l].tooManyRegistrations, 'error'));
    }
    const body = formOf(req.body);
    if (!body) return html(reply, 400, registerPage(l, await companyOptions(), empty, {}, 'badForm'));
    const values: RegisterValues = {
      firstName: field(body, 'firstName'),
      lastName: field(body, 'lastName'),
      email: field(body, 'email'),
      mobile: field(body, 'mobile').replace(/\s+/g, ''),
      companyId: field(body, 'companyId'),
      gdprConsent: ['true', 'on', '1'].includes(field(body, 'gdprConsent')),
    };
    const password = first(body, 'password');
    const options = await companyOptions();
    const company = options.find((c) => c.id === values.companyId);

    const errors: RegisterErrors = {};
    for (const f of ['firstName', 'lastName', 'email', 'mobile', 'companyId'] as const) {
      const bad = textProblem(values[f], MAX_LENGTH[f]);
      if (bad) {
        errors[f] = bad;
        // Not shown back: it could not be stored, and may be megabytes.
        values[f] = '';
      }
    }
    const badPassword = !isStorableText(password) ? 'errCharacters' : password.length > MAX_LENGTH.password ? 'errTooLong' : null;
    if (badPassword) errors.password = badPassword;
    if (!errors.firstName && !values.firstName) errors.firstName = 'errFirstName';
    if (!errors.lastName && !values.lastName) errors.lastName = 'errLastName';
    if (!errors.email && !isValidEmail(values.email)) errors.email = 'errEmail';
    if (!errors.mobile && !isValidPhone(values.mobile)) errors.mobile = 'errMobile';
    if (!errors.password && password.length < MIN_PASSWORD_LENGTH) errors.password = 'errPassword';
    if (!errors.companyId && !company) errors.companyId = 'errCompany';
    if (!values.gdprConsent) errors.gdprConsent = 'errGdpr';
    if (Object.keys(errors).length) return html(reply, 400, registerPage(l, options, values, errors));

    const [target] = await db.select({ id: companies.id, customerId: companies.customerId, orgNumber: companies.orgNumber })
      .from(companies).where(eq(companies.id, company!.id));
    // An address that already has an account gets the same answer, after the same work, as a new one:
    // the form must not tell anyone which addresses are registered. Its owner can sign in as before.
    const passwordHash = await hashPassword(password);
    if (await findAccountByEmail(db, values.email)) return registered(reply, l);
    try {
      await db.insert(users).values({
        customerId: target.customerId,
        companyId: target.id,
        roleId: Role.Plumber,
        status: UserStatus.Pending,
        firstName: values.firstName,
        lastName: values.lastName,
        displayName: `${values.firstName} ${values.lastName}`,
        email: values.email,
        mobile: values.mobile,
        passwordHash,
        gdprConsent: values.gdprConsent,
      });
    } catch (err) {
      // Two registrations with one e-mail at the same moment: the unique index decides.
      if ((err as { cause?: { code?: string }; code?: string }).cause?.code === '23505' || (err as { code?: string }).code === '23505') {
        return registered(reply, l);
      }
      throw err;
    }

    try {
      await app.hub.publish(target.id, {
        OrganizationNumber: target.orgNumber,
        CustomerId: target.customerId,
        NotificationType: NotificationType.Registration,
      });
    } catch (err) {
      // The account exists; the admins' badge catches up on their next load.
      req.log.error({ err }, 'registration notification failed');
    }
    return registered(reply, l);
  });

  app.get(`${OIDC_MOUNT}/register/done`, async (req, reply) => {
    const l = lang(req);
    return html(reply, 200, messagePage(l, TEXTS[l].registeredTitle, TEXTS[l].registeredText));
  });
}
