/**
 * Demo SMS templates (spec 3): the samples every company sees (no company, read-only), one per
 * notification type, and for the company with settings one custom template made from a sample and
 * chosen as its example.
 */
import { MergeField as F, NotificationTemplateType as T, SAMPLE_TEMPLATE_KEYS } from '../../src/domain/settings/company';
import type { DbOrTx } from './tx';
import { notificationTemplates } from './schema';

const SAMPLES = [
  {
    type: T.AppointmentNotice, title: 'Varsel om vannmålerbytte', name: 'Avtalevarsel',
    text: `Hei! ${F.CompanyName.token} kommer for arbeid på vannmåleren i ${F.MeterAddress.token} ${F.Date.token} kl. ${F.TimeRange.token}. Svar JA for å bekrefte eller NEI hvis tidspunktet ikke passer. Spørsmål: ring ${F.CompanyPhone.token}.`,
  },
  {
    type: T.Reminder, title: 'Påminnelse om avtale', name: 'Påminnelse',
    text: `Påminnelse: ${F.CompanyName.token} kommer til ${F.MeterAddress.token} ${F.Date.token} kl. ${F.TimeRange.token}. Svar JA for å bekrefte eller NEI hvis tidspunktet ikke passer.`,
  },
  {
    type: T.Confirmation, title: 'Bekreftelse av avtale', name: 'Bekreftelse',
    text: `Takk! Avtalen er bekreftet: ${F.Date.token} kl. ${F.TimeRange.token} i ${F.MeterAddress.token}. Hilsen ${F.CompanyName.token}, tlf. ${F.CompanyPhone.token}.`,
  },
  {
    type: T.Cancellation, title: 'Avlysning av avtale', name: 'Avlysning',
    text: `Avtalen ${F.Date.token} kl. ${F.TimeRange.token} i ${F.MeterAddress.token} er dessverre avlyst. Vi tar kontakt for ny tid. Hilsen ${F.CompanyName.token}, tlf. ${F.CompanyPhone.token}.`,
  },
];

export async function seedTemplates(db: DbOrTx, ids: { companyWithSettings: string }): Promise<void> {
  const samples = await db.insert(notificationTemplates).values(SAMPLES.map((s) => ({
    companyId: null, key: SAMPLE_TEMPLATE_KEYS[s.type], title: s.title, name: s.name, text: s.text,
    notificationTypeId: s.type, isSampleTemplate: true,
  }))).returning();
  const notice = samples.find((s) => s.notificationTypeId === T.AppointmentNotice)!;
  await db.insert(notificationTemplates).values({
    companyId: ids.companyWithSettings, key: 'Notice-sandvika', title: 'Vårt varsel', name: 'Avtalevarsel (eget)',
    text: `Hei! Vi i ${F.CompanyName.token} bytter vannmåleren i ${F.MeterAddress.token} ${F.Date.token} kl. ${F.TimeRange.token}. Svar JA eller NEI. Tlf. ${F.CompanyPhone.token}`,
    notificationTypeId: T.AppointmentNotice, parentTemplateId: notice.id, isExample: true,
  });
}
