/**
 * Company settings and configuration (spec 3 §3, §7). Decided shapes:
 * - GET /api/Setting/companyid/{id}: CompanySetting[] of the caller's company (another company: 404).
 * - POST /api/Setting {groupId, settingList:[{settingTypeId, value}]}, PUT /api/Setting [{id, value}],
 *   DELETE /api/Setting [ids]: each answers the company's settings after the change (CompanySetting[]),
 *   so a form can show what is saved without another read. Values are strings: minutes ("45"), a digit,
 *   "true" for a switch, the reminder frequency in hours ("0.25"); rules in src/domain/settings/company.ts.
 *   A refused value answers 400 naming the field with errorKey 'InvalidInput'; an existing setting type
 *   in a create answers 409.
 * - GET /api/CompanyConfiguration: CompanyConfiguration (404 when the company has none);
 *   POST creates it (409 when there is one), PUT replaces it (404 when there is none).
 */
import { Type, type Static } from 'typebox';
import {
  COMPANY_NAME_MAX_LENGTH, COMPANY_PHONE_PATTERN, SETTING_TYPE_IDS, SETTING_VALUE_MAX_LENGTH, SMS_SENDER_MAX_LENGTH, SMS_SENDER_MIN_LENGTH, SMS_SENDER_PATTERN,
} from '../settings/company';
import { Uuid } from './common';

const SettingTypeIdSchema = Type.Integer({ minimum: 1, maximum: SETTING_TYPE_IDS.length, description: 'ApplicationSetting id' });
const SettingValue = Type.String({ maxLength: SETTING_VALUE_MAX_LENGTH });

export const CompanySettingSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  settingTypeId: SettingTypeIdSchema,
  value: SettingValue,
});
export type CompanySetting = Static<typeof CompanySettingSchema>;
export const CompanySettingList = Type.Array(CompanySettingSchema);

export const CreateSettingsBody = Type.Object({
  /** The company id (the spec's groupId). */
  groupId: Uuid,
  settingList: Type.Array(Type.Object({ settingTypeId: SettingTypeIdSchema, value: SettingValue }), { minItems: 1, maxItems: SETTING_TYPE_IDS.length }),
});
export type CreateSettingsRequest = Static<typeof CreateSettingsBody>;

export const UpdateSettingsBody = Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }), value: SettingValue }), { minItems: 1, maxItems: SETTING_TYPE_IDS.length });
export type UpdateSettingsRequest = Static<typeof UpdateSettingsBody>;

export const DeleteSettingsBody = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: SETTING_TYPE_IDS.length });
export type DeleteSettingsRequest = Static<typeof DeleteSettingsBody>;

export const CompanyIdParam = Type.Object({ id: Uuid });


export const CompanyConfigurationSchema = Type.Object({
  /** Who the SMS is from, as the phone shows it: 3–11 of A–Z, a–z, 0–9 and space, at least one letter. */
  smsSenderName: Type.String({ pattern: SMS_SENDER_PATTERN, minLength: SMS_SENDER_MIN_LENGTH, maxLength: SMS_SENDER_MAX_LENGTH }),
  /** The company name merged into SMS texts (#CompanyName#). */
  companyName: Type.String({ minLength: 1, maxLength: COMPANY_NAME_MAX_LENGTH }),
  /** The phone number merged into SMS texts (#CompanyPhone#). */
  companyTelephone: Type.String({ pattern: COMPANY_PHONE_PATTERN, maxLength: 20 }),
});
export type CompanyConfiguration = Static<typeof CompanyConfigurationSchema>;
