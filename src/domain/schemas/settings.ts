/** Company and customer settings (spec 3). */
import { Type, type Static } from 'typebox';

/** GET /api/waterMeterSettings/getCustomerContactInfo: the utility's support contact (spec 3 §3); empty strings when it has none. */
export const SupportContactSchema = Type.Object({
  emailAddress: Type.String({ maxLength: 320 }),
  phoneNumber: Type.String({ maxLength: 40 }),
});
export type SupportContact = Static<typeof SupportContactSchema>;
