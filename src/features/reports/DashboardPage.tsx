/**
 * /dashboard (spec 3 §2): analytics and the completed-jobs status report, admin only and not on a
 * phone (screen class mobile). The report has no route of its own in the spec, so it is a tab here.
 */
import { lazy, Suspense } from 'react';
import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { AccessDenied, LoadingState, PageLayout, useScreenClass } from '../../ui';
import { DeviceNotSupported } from '../../ui/DeviceNotSupported';
import { ReportTab } from './ReportTab';

const AnalyticsTab = lazy(() => import('./AnalyticsTab'));

export function DashboardPage() {
  const session = useSession();
  const screen = useScreenClass();
  const { t } = useTranslation('reports');
  if (!session?.isAdmin) return <AccessDenied />;
  if (screen === 'mobile') return <DeviceNotSupported />;
  return (
    <PageLayout heading={t('Dashboard')} maxW="8xl">
      <Tabs.Root defaultValue="analytics" lazyMount unmountOnExit={false} variant="line">
        <Tabs.List>
          <Tabs.Trigger value="analytics">{t('AnalyticsTab')}</Tabs.Trigger>
          <Tabs.Trigger value="report">{t('ReportTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="analytics">
          <Suspense fallback={<LoadingState />}><AnalyticsTab /></Suspense>
        </Tabs.Content>
        <Tabs.Content value="report"><ReportTab /></Tabs.Content>
      </Tabs.Root>
    </PageLayout>
  );
}
