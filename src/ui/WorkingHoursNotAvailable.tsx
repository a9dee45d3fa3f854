/**
 * Working hours are not set up (spec 2 §2.2, spec 3 §2): the WorkinghoursNotAvailable text and, where
 * given, a way to the settings section that sets them up. One component for the settings' hours
 * sections and the planning page. Its texts are in the on-demand 'hours' namespace: a screen showing
 * it loads that namespace. Not re-exported from ui/index.ts, so it stays out of the shell.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export interface WorkingHoursNotAvailableProps {
  /** The /settings section to offer (`?section=`); none: the text alone. */
  settingsSection?: string;
}

export function WorkingHoursNotAvailable({ settingsSection }: WorkingHoursNotAvailableProps) {
  const { t } = useTranslation('hours');
  const navigate = useNavigate();
  return (
    <Alert.Root status="info" data-testid="hours-not-available">
      <Alert.Indicator />
      <Alert.Description flex="1">{t('WorkinghoursNotAvailable')}</Alert.Description>
      {settingsSection && (
        <Button size="sm" variant="outline" onClick={() => navigate(`/settings?section=${settingsSection}`)}>{t('GoToCompanyHours')}</Button>
      )}
    </Alert.Root>
  );
}
