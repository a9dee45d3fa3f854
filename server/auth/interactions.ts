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
import { findAccountByEmail } from './account';
import { hashPassword, verifyPassword } from './password';
import { loginPage, messagePage, registerPage, type CompanyOption, type RegisterErrors, type RegisterValues } from './pages';
import { OIDC_MOUNT } from './provider';
import { pickLang, TEXTS, type Lang, type Texts } from './texts';
import { consume, forget, limitHeaders, retryAfterSeconds } from '../security/rateLimit';

export const MIN_PASSWORD_LENGTH = 8;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;

type Form = Record<string, string | string[] | undefined>;
const field = (body: Form, name: string) => {
  const v = body[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

/** Spends the same time on an unknown e-mail as on a wrong password. */
let dummyHash: Promise<string> | null = null;

export async function interactionRoutes(app: FastifyInstance, opts: { provider: Provider }) {
  const { provider } = opts;
  const db = app.db;
  await app.register(formbody);

  const lang = (req: FastifyRequest, uiLocales?: unknown) =>
    pickLang((req.query as { lang?: string }).lang, typeof uiLocales === 'string' ? uiLocales : undefined, req.headers['accept-language']);
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
    const email = field(req.body ?? {}, 'email');
    const password = field(req.body ?? {}, 'password');

    // Guessing is limited per address and per account (whatever the password): after the limit even
    // the right password waits for the window, so parallel guesses gain nothing.
    const accountKey = `login-account:${email.toLowerCase()}`;
    const [byIp, byAccount] = await Promise.all([
      consume(db, `login-ip:${req.ip}`, LOGIN_WINDOW_MS),
      consume(db, accountKey, LOGIN_WINDOW_MS),
    ]);
    const { loginPerIp, loginPerAccount } = app.config.rateLimit;
    if (byIp.count > loginPerIp || byAccount.count > loginPerAccount) {
      const state = byIp.count > loginPerIp ? byIp : byAccount;
      limitHeaders(reply, byIp.count > loginPerIp ? loginPerIp : loginPerAccount, state);
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds(state) / 60));
      return renderLogin(reply, 429, details.uid, l, { email, error: t.tooManyAttempts.replace('{minutes}', String(minutes)) });
    }

    const account = email ? await findAccountByEmail(db, email) : null;
    dummyHash ??= hashPassword('meterwork-timing-equaliser');
    const passwordOk = account
      ? await verifyPassword(password, account.user.passwordHash)
      : (await verifyPassword(password, await dummyHash), false);
    if (!account || !passwordOk) return renderLogin(reply, 401, details.uid, l, { email, error: t.wrongCredentials });

    const refusal: Partial<Record<number, keyof Texts>> = {
      [UserStatus.Pending]: 'pendingAccount',
      [UserStatus.Rejected]: 'rejectedAccount',
      [UserStatus.Deactivated]: 'deactivatedAccount',
    };
    if (account.user.status !== UserStatus.Activated) {
      const key = refusal[account.user.status] ?? 'inactiveAccount';
      return renderLogin(reply, 403, details.uid, l, { email, error: account.user.status === UserStatus.Pending ? undefined : t[key], notice: account.user.status === UserStatus.Pending ? t[key] : undefined });
    }

    await forget(db, accountKey);
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
    const limit = app.config.rateLimit.registrationsPerIp;
    const attempts = await consume(db, `register-ip:${req.ip}`, REGISTER_WINDOW_MS);
    if (attempts.count > limit) {
      limitHeaders(reply, limit, attempts);
      return html(reply, 429, messagePage(l, TEXTS[l].errorTitle, TEXTS[l].tooManyRegistrations, 'error'));
    }
    const body = req.body ?? {};
    const values: RegisterValues = {
      firstName: field(body, 'firstName'),
      lastName: field(body, 'lastName'),
      email: field(body, 'email'),
      mobile: field(body, 'mobile').replace(/\s+/g, ''),
      companyId: field(body, 'companyId'),
      gdprConsent: ['true', 'on', '1'].includes(field(body, 'gdprConsent')),
    };
    const password = typeof body.password === 'string' ? body.password : '';
    const options = await companyOptions();
    const company = options.find((c) => c.id === values.companyId);

    const errors: RegisterErrors = {};
    if (!values.firstName) errors.firstName = 'errFirstName';
    if (!values.lastName) errors.lastName = 'errLastName';
    if (!isValidEmail(values.email)) errors.email = 'errEmail';
    if (!isValidPhone(values.mobile)) errors.mobile = 'errMobile';
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'errPassword';
    if (!company) errors.companyId = 'errCompany';
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
