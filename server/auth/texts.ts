/**
 * Texts of the provider's own pages (login, registration, logout). These pages are rendered by the
 * server, outside the React app and its i18n resources, so their nb/en texts live here.
 */
export type Lang = 'nb' | 'en';

const nb = {
  product: 'Meterwork',
  signInTitle: 'Logg inn',
  signInLead: 'Logg inn med e-postadressen og passordet ditt.',
  email: 'E-post',
  password: 'Passord',
  signIn: 'Logg inn',
  noAccount: 'Har du ikke bruker?',
  registerLink: 'Registrer deg i firmaet ditt',
  backToApp: 'Tilbake til Meterwork',
  wrongCredentials: 'Feil e-post eller passord.',
  pendingAccount: 'Kontoen din venter på godkjenning fra administratoren i firmaet ditt. Du kan logge inn når den er godkjent.',
  rejectedAccount: 'Registreringen din er avvist av administratoren i firmaet ditt. Ta kontakt med firmaet ditt.',
  deactivatedAccount: 'Kontoen din er deaktivert. Ta kontakt med administratoren i firmaet ditt.',
  inactiveAccount: 'Kontoen din er ikke aktivert. Ta kontakt med administratoren i firmaet ditt.',
  registerTitle: 'Registrer ny bruker',
  registerLead: 'Registrer deg som rørlegger i firmaet ditt. Administratoren i firmaet må godkjenne kontoen før du kan logge inn.',
  firstName: 'Fornavn',
  lastName: 'Etternavn',
  mobile: 'Mobilnummer',
  mobileHint: '8 siffer, eventuelt med +47 foran',
  passwordHint: 'Minst 8 tegn',
  company: 'Firma',
  chooseCompany: 'Velg firma',
  orgNumber: 'org.nr.',
  gdprConsent: 'Jeg samtykker i at opplysningene mine lagres og behandles for å bruke Meterwork.',
  register: 'Registrer',
  haveAccount: 'Har du allerede bruker?',
  signInLink: 'Logg inn',
  errFirstName: 'Fornavn må fylles ut.',
  errLastName: 'Etternavn må fylles ut.',
  errEmail: 'Skriv inn en gyldig e-postadresse.',
  errMobile: 'Ugyldig mobilnummer: 8 siffer som begynner på 2–9, eventuelt med 0047, +47 eller 47 foran.',
  errPassword: 'Passordet må ha minst 8 tegn.',
  errCompany: 'Velg firmaet ditt.',
  errGdpr: 'Du må samtykke for å registrere deg.',
  errSummary: 'Registreringen ble ikke lagret. Rett feltene som er merket.',
  errTooLong: 'Feltet kan ha høyst {max} tegn.',
  errCharacters: 'Feltet inneholder tegn som ikke er tillatt.',
  badForm: 'Skjemaet kunne ikke leses. Fyll det ut på nytt og send det fra denne siden.',
  registeredTitle: 'Registreringen er mottatt',
  registeredText: 'Kontoen din venter nå på godkjenning fra administratoren i firmaet ditt. Du kan logge inn når den er godkjent. Har e-postadressen allerede en konto, logger du inn med den som før.',
  tooManyAttempts: 'For mange innloggingsforsøk. Prøv igjen om {minutes} min.',
  tooManyRegistrations: 'For mange registreringer fra denne enheten. Prøv igjen senere.',
  signOutTitle: 'Logger ut …',
  signOutButton: 'Logg ut',
  signedOutTitle: 'Du er logget ut',
  errorTitle: 'Noe gikk galt',
  errorText: 'Innloggingen kunne ikke fullføres. Gå tilbake til Meterwork og prøv igjen.',
  sessionExpired: 'Innloggingen tok for lang tid. Gå tilbake til Meterwork og prøv igjen.',
  otherLanguage: 'English',
};

const en: typeof nb = {
  product: 'Meterwork',
  signInTitle: 'Sign in',
  signInLead: 'Sign in with your e-mail address and password.',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  noAccount: 'No account yet?',
  registerLink: 'Register in your company',
  backToApp: 'Back to Meterwork',
  wrongCredentials: 'Wrong e-mail or password.',
  pendingAccount: 'Your account is waiting for approval by your company administrator. You can sign in once it is approved.',
  rejectedAccount: 'Your registration was rejected by your company administrator. Please contact your company.',
  deactivatedAccount: 'Your account is deactivated. Please contact your company administrator.',
  inactiveAccount: 'Your account is not activated. Please contact your company administrator.',
  registerTitle: 'Register a new user',
  registerLead: 'Register as a plumber in your company. Your company administrator must approve the account before you can sign in.',
  firstName: 'First name',
  lastName: 'Last name',
  mobile: 'Mobile number',
  mobileHint: '8 digits, optionally with +47 in front',
  passwordHint: 'At least 8 characters',
  company: 'Company',
  chooseCompany: 'Choose company',
  orgNumber: 'org. no.',
  gdprConsent: 'I consent to my details being stored and processed in order to use Meterwork.',
  register: 'Register',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  errFirstName: 'First name is required.',
  errLastName: 'Last name is required.',
  errEmail: 'Enter a valid e-mail address.',
  errMobile: 'Invalid mobile number: 8 digits starting with 2–9, optionally with 0047, +47 or 47 in front.',
  errPassword: 'The password must have at least 8 characters.',
  errCompany: 'Choose your company.',
  errGdpr: 'You must give your consent to register.',
  errSummary: 'The registration was not saved. Correct the marked fields.',
  errTooLong: 'This field takes at most {max} characters.',
  errCharacters: 'This field contains characters that are not allowed.',
  badForm: 'The form could not be read. Fill it in again and send it from this page.',
  registeredTitle: 'Registration received',
  registeredText: 'Your account is now waiting for approval by your company administrator. You can sign in once it is approved. If the e-mail address already has an account, sign in with it as before.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in {minutes} min.',
  tooManyRegistrations: 'Too many registrations from this device. Try again later.',
  signOutTitle: 'Signing out …',
  signOutButton: 'Sign out',
  signedOutTitle: 'You are signed out',
  errorTitle: 'Something went wrong',
  errorText: 'Sign-in could not be completed. Go back to Meterwork and try again.',
  sessionExpired: 'Sign-in took too long. Go back to Meterwork and try again.',
  otherLanguage: 'Norsk',
};

export type Texts = typeof nb;
export const TEXTS: Record<Lang, Texts> = { nb, en };

/** ui_locales or ?lang= first, then Accept-Language; Norwegian by default. */
export function pickLang(...hints: (string | undefined | null)[]): Lang {
  for (const hint of hints) {
    if (!hint) continue;
    for (const tag of hint.split(/[\s,]+/)) {
      const base = tag.split(/[-;_]/)[0]?.toLowerCase();
      if (base === 'en') return 'en';
      if (base === 'nb' || base === 'no' || base === 'nn') return 'nb';
    }
  }
  return 'nb';
}
