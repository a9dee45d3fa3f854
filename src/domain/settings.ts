/**
 * Company and customer settings (spec 3): the API's shapes, shared by the server and the device.
 * The client imports these with `import type` or from a lazily loaded chunk.
 */
import { Type, type Static } from 'typebox';

/** GET /api/waterMeterSettings/getCustomerContactInfo: the utility's support contact (spec 3 §3). */
export const SupportContactSchema = Type.Object({
  emailAddress: Type.String({ maxLength: 320 }),
  phoneNumber: Type.String({ maxLength: 40 }),
});
export type SupportContact = Static<typeof SupportContactSchema>;
