/** My plumbers (/plumbers, admin only): spec 1 §2. Read again when a user of the company changed (UsersChanged). */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, HStack, Link, LinkBox, LinkOverlay, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Plumber } from '../../domain/api';
import { UserStatus } from '../../domain/enums';
import { useSession } from '../../data/session';
import { AccessDenied, BackIcon, EmptyView, GroupIcon, PageLayout, snackbar } from '../../ui';
import { LiveReadView } from '../../ui/LiveReadView';
import { usePlumbers } from './api/fetchPlumbers';
import { runPlumberAction } from './actions';
import { markRegistrationsSeen, usePlumberNotices } from './notifications';
import {
  ACTION_TEXTS, applyStatusChange, cardActions, cardOpensDetails, cardShowsEmail, plumberName, plumbersForFilter, STATUS_FILTERS,
  type PlumberAction,
} from './plumberRules';
import { StatusBadge } from './StatusBadge';
import { useUsersChanged } from './useUsersChanged';

export function PlumbersPage() {
  const session = useSession();
  if (!session?.isAdmin) return <AccessDenied />;
  return <PlumberList />;
}

function PlumberList() {
  const { t } = useTranslation('plumbers');
  const [filter, setFilter] = useState<number>(UserStatus.Default);
  const { registrations } = usePlumberNotices();
  const read = usePlumbers(filter, registrations);
  const { status, data, mutate } = read;
  useUsersChanged(read.refetch);

  // Seeing the list answers the registration notices that arrived.
  useEffect(() => {
    markRegistrationsSeen();
  }, [registrations]);

  useEffect(() => {
    if (status === 'error') snackbar.error(t('FailedLoadingPlumbers'));
  }, [status, t]);

  const act = useCallback(async (plumber: Plumber, action: PlumberAction) => {
    if (await runPlumberAction(t, plumber, action) && data) mutate(applyStatusChange(data, plumber.id, action));
  }, [t, data, mutate]);

  return (
    <PageLayout
      top={(
        <Link asChild color="blue.fg" alignSelf="flex-start">
          <RouterLink to="/joblist"><BackIcon /> {t('BackToJobList')}</RouterLink>
        </Link>
      )}
      heading={t('MyPlumbers')}
      actions={(
        <NativeSelect.Root size="sm" width="14rem">
          <NativeSelect.Field
            aria-label={t('StatusFilter')}
            value={filter}
            onChange={(e) => setFilter(Number(e.currentTarget.value))}
          >
            {STATUS_FILTERS.map((f) => <option key={f.status} value={f.status}>{t(f.labelKey)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    >
      <LiveReadView read={read} errorTitle={t('FailedLoadingPlumbers')} missing={<EmptyView title={t('NoPlumbersFound')} icon={<GroupIcon />} />}>
        {(plumbers) => {
          const visible = plumbersForFilter(plumbers, filter);
          return visible.length === 0 ? <EmptyView title={t('NoPlumbersFound')} icon={<GroupIcon />} /> : (
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="plumber-list">
              {visible.map((p) => <PlumberCard key={p.id} plumber={p} onAction={act} />)}
            </SimpleGrid>
          );
        }}
      </LiveReadView>
    </PageLayout>
  );
}

function PlumberCard({ plumber, onAction }: { plumber: Plumber; onAction: (p: Plumber, a: PlumberAction) => void }) {
  const { t } = useTranslation('plumbers');
  const opens = cardOpensDetails(plumber);
  const actions = cardActions(plumber);
  const name = plumberName(plumber);
  return (
    <LinkBox as="article" data-testid="plumber-card" data-status={plumber.userStatus}>
      <Card.Root size="sm" height="100%" _hover={opens ? { borderColor: 'blue.muted' } : undefined}>
        <Card.Body>
          <Stack gap="1">
            <HStack justify="space-between" align="start">
              <Text fontWeight="semibold">
                {opens ? (
                  <LinkOverlay asChild><RouterLink to={`/plumbers/${plumber.id}`}>{name}</RouterLink></LinkOverlay>
                ) : name}
              </Text>
              <StatusBadge status={plumber.userStatus} />
            </HStack>
            <Text color="fg.muted" fontSize="sm">{plumber.telephone || t('NoPhone')}</Text>
            {cardShowsEmail(plumber) && <Text color="fg.muted" fontSize="sm" wordBreak="break-all">{plumber.email}</Text>}
          </Stack>
        </Card.Body>
        {actions.length > 0 && (
          <Card.Footer gap="2" justifyContent="flex-end">
            {actions.map((a) => (
              <Button
                key={a}
                size="sm"
                variant={a === 'reject' ? 'outline' : 'solid'}
                colorPalette={a === 'reject' ? 'red' : 'blue'}
                onClick={() => onAction(plumber, a)}
              >
                {t(ACTION_TEXTS[a].label)}
              </Button>
            ))}
          </Card.Footer>
        )}
      </Card.Root>
    </LinkBox>
  );
}
