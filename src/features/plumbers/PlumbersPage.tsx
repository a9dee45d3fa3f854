/** My plumbers (/plumbers, admin only): spec 1 §2. */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, HStack, Link, LinkBox, LinkOverlay, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Plumber } from '../../domain/api';
import { UserStatus } from '../../domain/enums';
import { useSession } from '../../data/session';
import { AccessDenied, BackIcon, EmptyView, ErrorView, GroupIcon, LoadingState, PageLayout, snackbar } from '../../ui';
import { fetchPlumbers } from './api';
import { runPlumberAction } from './actions';
import { markRegistrationsSeen, usePlumberNotices } from './notifications';
import {
  ACTION_TEXTS, applyStatusChange, cardActions, cardOpensDetails, cardShowsEmail, plumberName, plumbersForFilter, STATUS_FILTERS,
  type PlumberAction,
} from './plumberRules';
import { StatusBadge } from './StatusBadge';

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; plumbers: Plumber[] };

export function PlumbersPage() {
  const session = useSession();
  if (!session?.isAdmin) return <AccessDenied />;
  return <PlumberList />;
}

function PlumberList() {
  const { t } = useTranslation('plumbers');
  const [filter, setFilter] = useState<number>(UserStatus.Default);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { registrations } = usePlumberNotices();

  // Seeing the list answers the registration notices that arrived.
  useEffect(() => {
    markRegistrationsSeen();
  }, [registrations]);

  useEffect(() => {
    const controller = new AbortController();
    fetchPlumbers(filter, controller.signal).then(
      (plumbers) => setState({ status: 'ready', plumbers }),
      () => {
        if (controller.signal.aborted) return;
        snackbar.error(t('FailedLoadingPlumbers'));
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [filter, registrations, attempt, t]);

  const changeFilter = (value: number) => {
    setState({ status: 'loading' });
    setFilter(value);
  };

  const act = useCallback(async (plumber: Plumber, action: PlumberAction) => {
    if (await runPlumberAction(t, plumber, action)) {
      setState((s) => (s.status === 'ready' ? { status: 'ready', plumbers: applyStatusChange(s.plumbers, plumber.id, action) } : s));
    }
  }, [t]);

  const visible = state.status === 'ready' ? plumbersForFilter(state.plumbers, filter) : [];

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
            onChange={(e) => changeFilter(Number(e.currentTarget.value))}
          >
            {STATUS_FILTERS.map((f) => <option key={f.status} value={f.status}>{t(f.labelKey)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <ErrorView
          title={t('FailedLoadingPlumbers')}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((a) => a + 1);
          }}
        />
      )}
      {state.status === 'ready' && visible.length === 0 && <EmptyView title={t('NoPlumbersFound')} icon={<GroupIcon />} />}
      {visible.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="plumber-list">
          {visible.map((p) => <PlumberCard key={p.id} plumber={p} onAction={act} />)}
        </SimpleGrid>
      )}
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
