/** The navigation menu items of spec 1 §2, with the My plumbers badges. */
import type { MouseEvent, ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db } from '../data/db';
import { useSession } from '../data/session';
import { useNewPlumbersCount, usePlumberNotices } from '../features/plumbers/notifications';
import { BellIcon, CalendarWeekIcon, DashboardIcon, GroupIcon, HelpIcon, InfoIcon, ListIcon, PersonIcon, ScheduleIcon, SettingsIcon, WeekPlanIcon } from '../ui';
import { navItems, type NavItemId } from './navItems';
import { JOBS_CHUNK } from './screens';

const ICONS: Record<NavItemId, ReactNode> = {
  jobList: <ListIcon />,
  schedule: <ScheduleIcon />,
  planning: <WeekPlanIcon />,
  calendar: <CalendarWeekIcon />,
  // The notices that went wrong: the shell's bell, no new icon in the shell.
  errorHandling: <BellIcon />,
  plumbers: <GroupIcon />,
  dashboard: <DashboardIcon />,
  settings: <SettingsIcon />,
  profile: <PersonIcon />,
  helpSupport: <HelpIcon />,
  about: <InfoIcon />,
};

export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const registrationId = session?.registrationId;
  const ownPlumberFound = useLiveQuery(
    async () => (registrationId == null ? false : !!(await db.plumbers.get(registrationId))),
    [registrationId],
    false,
  );
  if (!session) return null;
  const items = navItems({ session, ownPlumberFound });

  return (
    <Stack as="ul" gap="0.5" px="2" listStyleType="none" data-testid="nav-menu">
      {items.map((item) => (
        <li key={item.id}>
          <NavLink
            to={item.path}
            onClick={(e) => {
              onNavigate?.();
              // The job list, its code in (jobListReady.ts), opens within the click: the router's
              // transition rendered it in slices between frames and showed it a frame or two later.
              if (item.id === 'jobList' && JOBS_CHUNK.loaded() && plainClick(e) && window.location.pathname !== item.path) {
                e.preventDefault();
                void navigate(item.path, { flushSync: true });
              }
            }}
            end={item.path !== '/plumbers'}
            data-testid={`nav-${item.id}`}
          >
            {({ isActive }) => (
              <HStack
                px="3"
                py="2"
                rounded="md"
                gap="3"
                bg={isActive ? 'blue.subtle' : undefined}
                color={isActive ? 'blue.fg' : 'fg'}
                fontWeight={isActive ? 'semibold' : 'normal'}
                _hover={{ bg: isActive ? 'blue.subtle' : 'bg.muted' }}
              >
                {ICONS[item.id]}
                <Text flex="1">{t(item.labelKey)}</Text>
                {item.id === 'plumbers' && <PlumberBadges />}
              </HStack>
            )}
          </NavLink>
        </li>
      ))}
    </Stack>
  );
}

/** A left click without modifiers: one the app handles (not a new tab or window). */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

function PlumberBadges() {
  const { t } = useTranslation();
  const count = useNewPlumbersCount(true);
  const { unseen } = usePlumberNotices();
  return (
    <HStack gap="1">
      {count != null && count > 0 && (
        <Badge bg="orange.700" color="white" title={t('Menu.NewPlumbers', { count })} data-testid="badge-new-plumbers">
          {t('Menu.NewBadge', { count })}
        </Badge>
      )}
      {unseen > 0 && (
        <Badge bg="red.700" color="white" title={t('Menu.RegistrationNotices', { count: unseen })} data-testid="badge-registrations">
          <BellIcon boxSize="1em" />
          {unseen}
        </Badge>
      )}
    </HStack>
  );
}
