/**
 * SMS reminder and confirmation settings (spec 3 §2, §4, §5): reminders on or off, how often and how
 * many (turning them off sets both to 0), and the confirmation SMS 24 hours before the agreed time.
 */
import { Checkbox, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  CONFIRMATION_HOURS_BEFORE, REMINDER_INTERVAL_CHOICES, reminderMinutesToValue, reminderValueToMinutes, SettingType, withSendReminder,
  type SettingTypeId,
} from '../../../domain/settings/company';
import { SettingsFormActions } from '../company/SettingsFormActions';
import { CompanySettingsSection, type SettingsFormProps } from '../company/CompanySettingsSection';
import { useSettingsForm } from '../company/useSettingsForm';
import type { SectionProps } from '../sections';

const TYPES: readonly SettingTypeId[] = [
  SettingType.SendReminder, SettingType.ReminderFrequency, SettingType.NumberOfReminders, SettingType.SendConfirmationBefore,
];

export function SmsReminderSection({ onDirtyChange }: SectionProps) {
  const { t } = useTranslation('companySettings');
  return <CompanySettingsSection onDirtyChange={onDirtyChange} heading={t('Reminders.Heading')} Form={ReminderForm} />;
}

function ReminderForm({ companyId, saved, onDirtyChange, onSaved, onFailed }: SettingsFormProps) {
  const { t } = useTranslation('companySettings');
  const form = useSettingsForm({ companyId, saved, types: TYPES, onDirtyChange, onSaved, onFailed, createdText: t('UpdateSuccess') });
  const { values, set, errorOf } = form;
  const remindersOn = values[SettingType.SendReminder] === 'true';

  return (
    <form onSubmit={(e) => { e.preventDefault(); void form.save(); }} noValidate>
      <Stack gap="5" maxW="2xl">
        <Stack gap="1">
          <Checkbox.Root checked={remindersOn} onCheckedChange={(e) => form.setValues((v) => withSendReminder(v, e.checked === true))} data-testid="send-reminder">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('Reminders.SendReminder')}</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="fg.muted">{t('Reminders.SendReminderHelp')}</Text>
        </Stack>

        <Field.Root disabled={!remindersOn} invalid={!!errorOf(SettingType.ReminderFrequency)} maxW="xs">
          <Field.Label>{t('Reminders.ReminderFrequency')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              data-testid="reminder-frequency" value={String(reminderValueToMinutes(values[SettingType.ReminderFrequency]))}
              onChange={(e) => set(SettingType.ReminderFrequency, reminderMinutesToValue(Number(e.target.value)))}
            >
              {REMINDER_INTERVAL_CHOICES.map((m) => (
                <option key={m} value={String(m)}>{m === 0 ? t('Reminders.Disabled') : t('Minutes', { count: m })}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errorOf(SettingType.ReminderFrequency) && <Field.ErrorText>{t(errorOf(SettingType.ReminderFrequency)!)}</Field.ErrorText>}
        </Field.Root>

        <Field.Root disabled={!remindersOn} invalid={!!errorOf(SettingType.NumberOfReminders)} maxW="xs">
          <Field.Label>{t('Reminders.NumberOfReminders')}</Field.Label>
          <Input
            inputMode="numeric" maxLength={1} data-testid="number-of-reminders" value={values[SettingType.NumberOfReminders] ?? ''}
            onChange={(e) => set(SettingType.NumberOfReminders, e.target.value)}
          />
          <Field.HelperText>{t('ClearRemovesValue')}</Field.HelperText>
          {errorOf(SettingType.NumberOfReminders) && <Field.ErrorText>{t(errorOf(SettingType.NumberOfReminders)!)}</Field.ErrorText>}
        </Field.Root>

        <Stack gap="1">
          <Checkbox.Root
            checked={values[SettingType.SendConfirmationBefore] === 'true'}
            onCheckedChange={(e) => set(SettingType.SendConfirmationBefore, e.checked === true ? 'true' : 'false')}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('Reminders.SendConfirmationBefore')}</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="fg.muted">{t('Reminders.ConfirmationHelp', { hours: CONFIRMATION_HOURS_BEFORE })}</Text>
        </Stack>

        <SettingsFormActions dirty={form.dirty} saving={form.saving} onCancel={form.cancel} />
      </Stack>
    </form>
  );
}
