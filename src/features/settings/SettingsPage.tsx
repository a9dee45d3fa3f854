/**
 * /settings (spec 3 §2): a side navigation of sections; admin with an agreement in force only (spec 3
 * §1, §6: the server refuses everyone else too). The chosen section is in the query (?section=), so the
 * route stays exactly /settings. Leaving with unsaved changes, to another route or another section,
 * asks the spec's exit question.
 */
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { AccessDenied, confirm, LoadingState, PageLayout, useScreenClass } from '../../ui';
import { useUnsavedChangesGuard } from '../../ui/useUnsavedChangesGuard';
import { DeviceNotSupported } from '../../ui/DeviceNotSupported';
import { CompanyHoursSection, EmployeeHoursSection } from './hours';
import { HolidaysSection } from './holidays';
import { JobIntervalsSection } from './company';
import { SmsReminderSection } from './reminders';
import { SmsTemplatesSection } from './templates';
import { DemoPhoneSection } from './demoPhone/DemoPhoneSection';
import { isSettingsSection, SECTION_GROUPS, SETTINGS_SECTIONS, type SectionProps, type SettingsSection } from './sections';

const SECTION_VIEWS: Record<SettingsSection, ComponentType<SectionProps>> = {
  holidays: HolidaysSection,
  companyHours: CompanyHoursSection,
  jobIntervals: JobIntervalsSection,
  smsReminders: SmsReminderSection,
  smsTemplates: SmsTemplatesSection,
  demoPhone: DemoPhoneSection,
  employeeHours: EmployeeHoursSection,
};

export function SettingsPage() {
  const session = useSession();
  const screen = useScreenClass();
  if (!session?.isAdmin || !session.hasAgreement) return <AccessDenied />;
  if (screen === 'mobile') return <DeviceNotSupported />;
  return <Settings />;
}

function Settings() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('section');
  const section: SettingsSection = isSettingsSection(wanted) ? wanted : SETTINGS_SECTIONS[0];
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const open = async (next: SettingsSection) => {
    if (next === section) return;
    if (dirty) {
      const leave = await confirm({
        title: tc('ExitConfirmationHeader'), message: tc('ExitConfirmationMessage'), confirmText: tc('Yes'), cancelText: tc('Cancel'),
      });
      if (!leave) return;
    }
    setDirty(false);
    guard.allowNavigation();
    setParams({ section: next });
  };

  const View = SECTION_VIEWS[section];
  return (
    <PageLayout maxW="7xl" heading={t('Heading')}>
      <Flex gap="6" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Box as="nav" aria-label={t('NavLabel')} minW="220px" flexShrink={0}>
          <Stack gap="4">
            {SECTION_GROUPS.map((group) => (
              <Box key={group.labelKey}>
                <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" mb="1">{t(group.labelKey)}</Text>
                <Stack gap="1">
                  {group.sections.map((id) => (
                    <Button
                      key={id} variant={id === section ? 'subtle' : 'ghost'} justifyContent="flex-start"
                      aria-current={id === section ? 'page' : undefined} onClick={() => { void open(id); }}
                    >
                      {t(`Section.${id}`)}
                    </Button>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Box>
        <Box as="section" flex="1" minW="0" aria-label={t(`Section.${section}`)}>
          <Suspense fallback={<LoadingState />}>
            <View key={section} onDirtyChange={onDirtyChange} />
          </Suspense>
        </Box>
      </Flex>
    </PageLayout>
  );
}
