/**
 * The support contact the landing page gives (spec 1 §1). Set per installation at build time with
 * VITE_SUPPORT_EMAIL and VITE_SUPPORT_PHONE (the same e-mail variable the About page uses).
 */
const env = import.meta.env;

export const SUPPORT_CONTACT = {
  email: (env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@meterwork.no',
  phone: (env.VITE_SUPPORT_PHONE as string | undefined) || '',
};
