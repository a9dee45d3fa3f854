/**
 * The sections of /settings (spec 3 §2) in side-navigation order: company settings (holidays, work
 * hours, job intervals), SMS (reminders, templates, and ours: the embedded gateway's demo phone), and user settings (each employee's hours).
 */
export const SETTINGS_SECTIONS = ['holidays', 'companyHours', 'jobIntervals', 'smsReminders', 'smsTemplates', 'demoPhone', 'employeeHours'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SECTION_GROUPS: { labelKey: string; sections: SettingsSection[] }[] = [
  { labelKey: 'Group.Company', sections: ['holidays', 'companyHours', 'jobIntervals'] },
  { labelKey: 'Group.Sms', sections: ['smsReminders', 'smsTemplates', 'demoPhone'] },
  { labelKey: 'Group.User', sections: ['employeeHours'] },
];

export function isSettingsSection(value: string | null): value is SettingsSection {
  return value !== null && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

/** Props every section gets: it tells the page whether it holds unsaved changes. */
export interface SectionProps {
  onDirtyChange: (dirty: boolean) => void;
}
