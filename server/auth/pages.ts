/** Server-rendered pages of the embedded identity provider: plain HTML that works on a phone. */
import { LOGOUT_SCRIPT } from '../http/inlineScripts';
import { TEXTS, type Lang, type Texts } from './texts';

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f8;color:#1a202c;line-height:1.45}
main{max-width:440px;margin:0 auto;padding:24px 16px 48px}
header{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.brand{font-weight:700;font-size:1.25rem;color:#0b5394;text-decoration:none}
.lang{font-size:.9rem;color:#0b5394}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}
h1{font-size:1.4rem;margin:0 0 8px}
p.lead{margin:0 0 20px;color:#4a5568}
label{display:block;font-weight:600;margin:14px 0 4px}
.hint{font-weight:400;color:#4a5568;font-size:.85rem}
input[type=text],input[type=email],input[type=password],input[type=tel],select{width:100%;font-size:1rem;padding:10px 12px;border:1px solid #a0aec0;border-radius:8px;background:#fff}
input:focus,select:focus{outline:2px solid #0b5394;outline-offset:1px}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400;margin-top:18px}
.check input{width:20px;height:20px;margin-top:2px;flex:none}
button{width:100%;margin-top:22px;font-size:1rem;font-weight:600;padding:12px;border:0;border-radius:8px;background:#0b5394;color:#fff;cursor:pointer}
button:hover{background:#083f70}
.alert{border-radius:8px;padding:12px 14px;margin:0 0 16px}
.alert.error{background:#fde8e8;color:#9b1c1c;border:1px solid #f8b4b4}
.alert.info{background:#e6f0fa;color:#0b3d6b;border:1px solid #a9c8e8}
.field-error{color:#9b1c1c;font-size:.9rem;margin-top:4px}
.invalid{border-color:#c53030 !important}
.links{margin-top:20px;font-size:.95rem}
.links a{color:#0b5394}
`;

function layout(lang: Lang, title: string, body: string, langHref?: string): string {
  const t = TEXTS[lang];
  const switcher = langHref ? `<a class="lang" href="${esc(langHref)}" lang="${lang === 'nb' ? 'en' : 'nb'}">${esc(t.otherLanguage)}</a>` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)} · ${esc(t.product)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<header><a class="brand" href="/">${esc(t.product)}</a>${switcher}</header>
<div class="card">
<h1>${esc(title)}</h1>
${body}
</div>
</main></body>
</html>`;
}

export interface LoginPageInput {
  lang: Lang;
  action: string;
  langHref: string;
  email?: string;
  error?: string;
  notice?: string;
}

export function loginPage(p: LoginPageInput): string {
  const t = TEXTS[p.lang];
  const alert = p.error ? `<div class="alert error" role="alert">${esc(p.error)}</div>`
    : p.notice ? `<div class="alert info" role="status">${esc(p.notice)}</div>` : '';
  return layout(p.lang, t.signInTitle, `
<p class="lead">${esc(t.signInLead)}</p>
${alert}
<form method="post" action="${esc(p.action)}" novalidate>
<label for="email">${esc(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" maxlength="${MAX_LENGTH.email}" required autofocus value="${esc(p.email)}">
<label for="password">${esc(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="${MAX_LENGTH.password}" required>
<button type="submit">${esc(t.signIn)}</button>
</form>
<div class="links">${esc(t.noAccount)} <a href="/oidc/register?lang=${p.lang}">${esc(t.registerLink)}</a></div>`, p.langHref);
}

export interface CompanyOption {
  id: string;
  name: string;
  orgNumber: string;
  customerName: string;
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  companyId: string;
  gdprConsent: boolean;
}

export type RegisterField = keyof RegisterValues | 'password';
export type RegisterErrors = Partial<Record<RegisterField, keyof Texts>>;

/** Longest value each field of the login and registration forms takes (longer is refused, not cut). */
export const MAX_LENGTH = { firstName: 100, lastName: 100, email: 320, mobile: 20, companyId: 36, password: 1024 } as const;

/** `formError` replaces the field summary when the post could not be read as a form at all. */
export function registerPage(lang: Lang, companies: CompanyOption[], values: RegisterValues, errors: RegisterErrors, formError?: keyof Texts): string {
  const t = TEXTS[lang];
  const message = (f: RegisterField) => t[errors[f]!].replace('{max}', String(MAX_LENGTH[f as keyof typeof MAX_LENGTH] ?? ''));
  const err = (f: RegisterField) => errors[f] ? `<div class="field-error" id="${f}-error">${esc(message(f))}</div>` : '';
  const attrs = (f: RegisterField) => errors[f] ? ` class="invalid" aria-invalid="true" aria-describedby="${f}-error"` : '';
  const input = (f: keyof RegisterValues | 'password', type: string, autocomplete: string, label: string, hint = '') => `
<label for="${f}">${esc(label)}${hint ? ` <span class="hint">(${esc(hint)})</span>` : ''}</label>
<input id="${f}" name="${f}" type="${type}" autocomplete="${autocomplete}" maxlength="${MAX_LENGTH[f as keyof typeof MAX_LENGTH]}"${attrs(f)} value="${f === 'password' ? '' : esc(values[f as keyof RegisterValues])}">${err(f)}`;

  const customers = [...new Set(companies.map((c) => c.customerName))];
  const option = (c: CompanyOption) =>
    `<option value="${esc(c.id)}"${c.id === values.companyId ? ' selected' : ''}>${esc(c.name)} (${esc(t.orgNumber)} ${esc(c.orgNumber)})</option>`;
  const options = customers.length > 1
    ? customers.map((cn) => `<optgroup label="${esc(cn)}">${companies.filter((c) => c.customerName === cn).map(option).join('')}</optgroup>`).join('')
    : companies.map(option).join('');
  const summaryText = formError ? t[formError] : Object.keys(errors).length ? t.errSummary : null;
  const summary = summaryText ? `<div class="alert error" role="alert">${esc(summaryText)}</div>` : '';

  return layout(lang, t.registerTitle, `
<p class="lead">${esc(t.registerLead)}</p>
${summary}
<form method="post" action="/oidc/register?lang=${lang}" novalidate>
${input('firstName', 'text', 'given-name', t.firstName)}
${input('lastName', 'text', 'family-name', t.lastName)}
${input('email', 'email', 'email', t.email)}
${input('mobile', 'tel', 'tel', t.mobile, t.mobileHint)}
${input('password', 'password', 'new-password', t.password, t.passwordHint)}
<label for="companyId">${esc(t.company)}</label>
<select id="companyId" name="companyId"${attrs('companyId')}><option value="">${esc(t.chooseCompany)}</option>${options}</select>${err('companyId')}
<label class="check"><input type="checkbox" id="gdprConsent" name="gdprConsent" value="true"${values.gdprConsent ? ' checked' : ''}${attrs('gdprConsent')}><span>${esc(t.gdprConsent)}</span></label>${err('gdprConsent')}
<button type="submit">${esc(t.register)}</button>
</form>
<div class="links">${esc(t.haveAccount)} <a href="/">${esc(t.signInLink)}</a></div>`, `/oidc/register?lang=${lang === 'nb' ? 'en' : 'nb'}`);
}

export function messagePage(lang: Lang, title: string, text: string, tone: 'info' | 'error' = 'info'): string {
  const t = TEXTS[lang];
  return layout(lang, title, `<div class="alert ${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${esc(text)}</div>
<div class="links"><a href="/">${esc(t.backToApp)}</a></div>`);
}

/** The page's only script; the CSP allows it by its hash (server/security/headers.ts). */

/** The app already asked "log out?", so the provider's own question is answered at once. */
export function logoutPage(lang: Lang, form: string): string {
  const t = TEXTS[lang];
  return layout(lang, t.signOutTitle, `${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout">${esc(t.signOutButton)}</button>
<script>${LOGOUT_SCRIPT}</script>`);
}
