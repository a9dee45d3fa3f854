/**
 * Job intervals and default durations (spec 3 §2 "Job intervals and default durations", §4, §5):
 * default minutes per job type, the job interval, the error threshold (one digit) and automatic job
 * creation on no reply; and ours, how planning counts the drive between stops (road factor, speed)
 * and the base the plumbers' days start and end at (latitude, longitude: both or neither).
 */
import { Checkbox, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  DURATION_SETTING_TYPES, JOB_INTERVAL_CHOICES, sanitizeDigitInput, SettingType, type SettingTypeId,
} from '../../../domain/settings/company';
import { DEFAULT_TRAVEL } from '../../../domain/scheduling/routeOrder';
import type { SectionProps } from '../sections';
import { CompanySettingsSection, type SettingsFormProps } from './CompanySettingsSection';
import { SettingsFormActions } from './SettingsFormActions';
import { useSettingsForm } from './useSettingsForm';

const TYPES: readonly SettingTypeId[] = [
  ...DURATION_SETTING_TYPES, SettingType.JobInterval, SettingType.ErrorThreshold, SettingType.NoReplyAutoJobCreation, SettingType.RoadFactor, SettingType.TravelSpeed,
  SettingType.BaseLatitude, SettingType.BaseLongitude,
];
const DURATION_LABEL: Record<number, string> = { 1: 'JobIntervals.Install', 2: 'JobIntervals.Replace', 3: 'JobIntervals.Dismantle' };

export function JobIntervalsSection({ onDirtyChange }: SectionProps) {
  const { t } = useTranslation('companySettings');
  return <CompanySettingsSection onDirtyChange={onDirtyChange} heading={t('JobIntervals.Heading')} intro={t('JobIntervals.Intro')} Form={JobIntervalsForm} />;
}

function JobIntervalsForm({ companyId, saved, onDirtyChange, onSaved, onFailed }: SettingsFormProps) {
  const { t, i18n } = useTranslation('companySettings');
  // The road factor is stored with a point and shown with the language's decimal sign.
  const decimalSign = i18n.language.startsWith('nb') ? ',' : '.';
  const form = useSettingsForm({ companyId, saved, types: TYPES, onDirtyChange, onSaved, onFailed, createdText: t('CreateJobIntervalSuccess') });
  const { values, set, errorOf } = form;
  const fieldError = (typeId: SettingTypeId) => {
    const error = errorOf(typeId);
    return error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null;
  };

  return (
    <form onSubmit={(e) => { e.preventDefault(); void form.save(); }} noValidate>
      <Stack gap="5" maxW="2xl">
        <Stack gap="2">
          <Heading as="h3" size="sm">{t('JobIntervals.Durations')}</Heading>
          <Text fontSize="sm" color="fg.muted">{t('ClearRemovesValue')}</Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {DURATION_SETTING_TYPES.map((typeId) => (
              <Field.Root key={typeId} invalid={!!errorOf(typeId)}>
                <Field.Label>{t(DURATION_LABEL[typeId])}</Field.Label>
                {/* Text, not number: a number input empties on "abc", and an empty duration is a delete. */}
                <Input
                  inputMode="numeric" data-testid={`duration-${typeId}`}
                  value={values[typeId] ?? ''} onChange={(e) => set(typeId, e.target.value)}
                />
                {fieldError(typeId)}
              </Field.Root>
            ))}
          </SimpleGrid>
        </Stack>

        <Field.Root invalid={!!errorOf(SettingType.JobInterval)} maxW="xs">
          <Field.Label>{t('JobIntervals.JobInterval')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              data-testid="job-interval" value={values[SettingType.JobInterval] || '0'}
              onChange={(e) => set(SettingType.JobInterval, e.target.value)}
            >
              {JOB_INTERVAL_CHOICES.map((m) => (
                <option key={m} value={String(m)}>{m === 0 ? t('JobIntervals.NoInterval') : t('Minutes', { count: m })}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {fieldError(SettingType.JobInterval)}
        </Field.Root>

        <Field.Root invalid={!!errorOf(SettingType.ErrorThreshold)} maxW="xs">
          <Field.Label>{t('JobIntervals.ErrorThreshold')}</Field.Label>
          <Input
            inputMode="numeric" maxLength={1} data-testid="error-threshold" value={values[SettingType.ErrorThreshold] ?? ''}
            onChange={(e) => set(SettingType.ErrorThreshold, sanitizeDigitInput(e.target.value))}
          />
          <Field.HelperText>{t('JobIntervals.ErrorThresholdHelp')}</Field.HelperText>
          {fieldError(SettingType.ErrorThreshold)}
        </Field.Root>

        <Stack gap="2">
          <Heading as="h3" size="sm">{t('JobIntervals.Driving')}</Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('JobIntervals.DrivingHelp', { roadFactor: String(DEFAULT_TRAVEL.roadFactor).replace('.', decimalSign), speed: DEFAULT_TRAVEL.speedKmh })}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="lg">
            <Field.Root invalid={!!errorOf(SettingType.RoadFactor)}>
              <Field.Label>{t('JobIntervals.RoadFactor')}</Field.Label>
              <Input
                inputMode="decimal" maxLength={4} data-testid="road-factor"
                value={(values[SettingType.RoadFactor] ?? '').replace('.', decimalSign)}
                onChange={(e) => set(SettingType.RoadFactor, e.target.value.replace(',', '.'))}
              />
              {fieldError(SettingType.RoadFactor)}
            </Field.Root>
            <Field.Root invalid={!!errorOf(SettingType.TravelSpeed)}>
              <Field.Label>{t('JobIntervals.TravelSpeed')}</Field.Label>
              <Input
                inputMode="numeric" maxLength={3} data-testid="travel-speed"
                value={values[SettingType.TravelSpeed] ?? ''} onChange={(e) => set(SettingType.TravelSpeed, e.target.value)}
              />
              {fieldError(SettingType.TravelSpeed)}
            </Field.Root>
          </SimpleGrid>
        </Stack>

        <Stack gap="2">
          <Heading as="h3" size="sm">{t('JobIntervals.Base')}</Heading>
          <Text fontSize="sm" color="fg.muted">{t('JobIntervals.BaseHelp')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="lg">
            {([[SettingType.BaseLatitude, 'JobIntervals.BaseLatitude', 'base-latitude'], [SettingType.BaseLongitude, 'JobIntervals.BaseLongitude', 'base-longitude']] as const).map(([typeId, label, testId]) => (
              <Field.Root key={typeId} invalid={!!errorOf(typeId)}>
                <Field.Label>{t(label)}</Field.Label>
                <Input
                  inputMode="decimal" maxLength={9} data-testid={testId}
                  value={(values[typeId] ?? '').replace('.', decimalSign)}
                  onChange={(e) => set(typeId, e.target.value.replace(',', '.'))}
                />
                {fieldError(typeId)}
              </Field.Root>
            ))}
          </SimpleGrid>
        </Stack>

        <Checkbox.Root
          checked={values[SettingType.NoReplyAutoJobCreation] === 'true'}
          onCheckedChange={(e) => set(SettingType.NoReplyAutoJobCreation, e.checked === true ? 'true' : 'false')}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('JobIntervals.NoReplyAutoJobCreation')}</Checkbox.Label>
        </Checkbox.Root>

        <SettingsFormActions dirty={form.dirty} saving={form.saving} onCancel={form.cancel} />
      </Stack>
    </form>
  );
}
