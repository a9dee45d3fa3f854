/**
 * Spec 3 §2 screen size classes: the office screens (settings, dashboard) say so on a phone (280–600 px).
 * Not re-exported from ui/index.ts: only lazy office screens use it, so it stays out of the shell.
 */
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from './icons';
import { EmptyView, PageLayout } from './layout';

export function DeviceNotSupported() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Box data-testid="device-not-supported">
        <EmptyView title={t('DeviceNotSupported')} description={t('DeviceNotSupportedMessage')} icon={<InfoIcon />} />
      </Box>
    </PageLayout>
  );
}
