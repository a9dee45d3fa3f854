/**
 * /schedule/plan and /schedule/plan/edit/{id} (spec 2 §2.1): admins plan a plumber's week. The route's
 * state (the calendar's, planning/routeState.ts), id and assigneeId query say what to plan; without them
 * (opened from the menu) the page asks for a plumber and an ISO week itself. Back returns to the
 * calendar on the week planned (Planner.tsx). A non-admin sees
 * that planning is for admins (the server refuses them too); under 750 px the device-not-supported text.
 */
import { Box } from '@chakra-ui/react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import { PLANNING_MIN_WIDTH_PX } from '../../../domain/scheduling/enums';
import { AccessDenied, BlockIcon, EmptyView, PageLayout, useMediaQuery } from '../../../ui';
import { DeviceNotSupported } from '../../../ui/DeviceNotSupported';
import { PlanChooser } from './PlanChooser';
import { Planner } from './Planner';
import { planTarget, readRouteState } from './routeState';

const NARROW_QUERY = `(max-width: ${PLANNING_MIN_WIDTH_PX - 0.02}px)`;

export function PlanningPage() {
  const session = useSession();
  const narrow = useMediaQuery(NARROW_QUERY);
  if (!session?.isAdmin) return <AdminsOnly />;
  if (!session.hasAgreement) return <AccessDenied />;
  if (narrow) return <DeviceNotSupported />;
  return <Planning />;
}

function Planning() {
  const { id } = useParams();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = readRouteState(location.state);
  const target = planTarget(id, state, params.get('assigneeId'));
  if (!target) return <PlanChooser initial={state} />;
  // A new target is a new plan: nothing chosen for another week carries over.
  return <Planner key={JSON.stringify(target)} target={target} editing={!!id} startDateTime={state.startDateTime} />;
}

function AdminsOnly() {
  const { t } = useTranslation('planning');
  return (
    <PageLayout>
      <Box data-testid="planning-admins-only">
        <EmptyView title={t('AdminsOnly')} description={t('AdminsOnlyMessage')} icon={<BlockIcon color="red.solid" />} />
      </Box>
    </PageLayout>
  );
}
