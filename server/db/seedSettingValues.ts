/** Demo company settings: job durations and interval, error threshold, reminders, configuration. */
import { eq } from 'drizzle-orm';
import { reminderMinutesToValue, SettingType } from '../../src/domain/settings/company';
import type { CompanyConfiguration } from '../../src/domain/schemas/companySettings';
import type { DbOrTx } from './tx';
import { companies, companyConfigurations, companySettings } from './schema';

export async function seedSettingValues(db: DbOrTx, companyId: string): Promise<void> {
  const values: [number, string][] = [
    [SettingType.Install, '45'],
    [SettingType.Replace, '60'],
    [SettingType.Dismantle, '30'],
    [SettingType.JobInterval, '15'],
    [SettingType.ErrorThreshold, '3'],
    [SettingType.SendReminder, 'true'],
    [SettingType.NumberOfReminders, '2'],
    [SettingType.ReminderFrequency, reminderMinutesToValue(60)],
    [SettingType.SendConfirmationBefore, 'true'],
  ];
  await db.insert(companySettings).values(values.map(([settingTypeId, value]) => ({ companyId, settingTypeId, value })));
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const data: CompanyConfiguration = {
    // A sender id is A–Z, a–z and 0–9 (isValidSmsSender): "Sandvika Rør AS" -> "SandvikaRor".
    smsSenderName: company.name.replace(/[Ææ]/g, 'AE').replace(/[Øø]/g, 'O').replace(/[Åå]/g, 'A').replace(/[^A-Za-z0-9]/g, '').slice(0, 11),
    companyName: company.name,
    companyTelephone: company.telephone,
  };
  await db.insert(companyConfigurations).values({ companyId, data });
}
