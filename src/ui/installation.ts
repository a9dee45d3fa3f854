/**
 * Who stands behind this installation (About page, spec 1 §1) and its support contact (landing page,
 * Help and support). Set per installation at build time with VITE_PRODUCT_OWNER_NAME,
 * VITE_PRODUCT_OWNER_ORG_NUMBER, VITE_SUPPORT_EMAIL and VITE_SUPPORT_PHONE; the defaults name the
 * demo installation. Shared here because several features show them.
 */
const env = import.meta.env;

export const PRODUCT_OWNER = {
  name: (env.VITE_PRODUCT_OWNER_NAME as string | undefined) || 'Meterwork AS',
  orgNumber: (env.VITE_PRODUCT_OWNER_ORG_NUMBER as string | undefined) || '924809175',
  supportEmail: (env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@meterwork.no',
};

export const SUPPORT_CONTACT = {
  email: PRODUCT_OWNER.supportEmail,
  phone: (env.VITE_SUPPORT_PHONE as string | undefined) || '',
};

/** The copyright year the spec gives for the About page. */
export const COPYRIGHT_YEAR = 2024;

/** 924809175 → "924 809 175", the way Norwegian organisation numbers are printed. */
export function formatOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : orgNumber;
}
