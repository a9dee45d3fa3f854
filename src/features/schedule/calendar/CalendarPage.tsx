/**
 * /schedule/calendar (spec 2 §2.2): the admin's weekly schedule calendar. A plumber and an ISO week
 * (in the query, routeState.ts); the week's schedule (found, or created on a 404: openWeekSchedule.ts)
 * as cards, over the slots of the plumber's week (the server's week facts, calendarSlots.ts). Admins
 * of a company with an agreement in force only (spec 2 §6; the server refuses everyone else too); a
 * phone (280–600 px) gets the device-not-supported message.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Checkbox, HStack, Heading, IconButton, Menu, Portal, Stack } from '@chakra-ui/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import type { Plumber } from '../../../domain/api';
import { CalendarSlotType, weekSlots, firstWorkingMinute, type CalendarSlot } from '../../../domain/scheduling/calendarSlots';
import { CALENDAR_WORKWEEK_DAYS, ScheduleItemStatus } from '../../../domain/scheduling/enums';
import { CONFIRMATION_OUTCOMES, NOTICE_OUTCOMES } from '../../../domain/scheduling/itemStatus';
import type { WeekFacts } from '../../../domain/scheduling/freeWeek';
import type { AssignmentListItem, Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { isoWeekDates, isoWeekday, osloDay, osloDayMinute, osloInstant } from '../../../domain/time/oslo';
import { timeOf } from '../../../domain/scheduling/hours';
import { AccessDenied, EmptyView, PageLayout, useScreenClass } from '../../../ui';
import { ChevronLeftIcon, ChevronRightIcon, RefreshIcon } from '../../../ui/screenIcons';
import { DeviceNotSupported } from '../../../ui/DeviceNotSupported';
import { SelectField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { WorkingHoursNotAvailable } from '../../../ui/WorkingHoursNotAvailable';
import { jobDurationsOf, useCompanySettings } from '../api/fetchJobDurations';
import { usePlanningPlumbers } from '../api/fetchPlanningPlumbers';
import { prefetchPlanningWeek, usePlanningWeek } from '../api/fetchPlanningWeek';
import { prefetchWeekScheduleAhead, prefetchWeekSchedule, seedScheduleById, useSchedule } from '../api/openWeekSchedule';
import { dateText } from '../planning/PlanChooser';
import { placeCards } from './cardLayout';
import { CalendarDnd, type SlotTarget } from './CalendarDnd';
import { cardMinutes, dropCard, pointAsItem } from './cardDrop';
import { CalendarMap } from './CalendarMap';
import type { DayRoute } from '../map';
import { DurationOverride } from '../planning/DurationOverride';
import { dayRoutes } from './routes';
import { AvailabilityDialog, type AvailabilityTarget } from './AvailabilityDialog';
import { CardNoteDialog } from './CardNoteDialog';
import { notifiableItems, SendNoticeDialog } from './SendNoticeDialog';
import { ManualConfirmDialog } from './ManualConfirmDialog';
import { useCancelDialog } from './useCancelDialog';
import { CardWeek, type CardMenuAnchor, type CardWeekContext } from './cardMenu';
import { CardMenuPopup } from './CardMenuPopup';
import { useLitCard } from './useLitCard';
import { calendarQuery, readCalendarTarget } from './routeState';
import { useFlaggedCards } from './useFlaggedCards';
import { useMapShown } from './useMapShown';
import { BatchRunningModal, useNoHoursPrompt, WeekLoading } from './WeekStates';
import { isBatchRunning, useBatchFailure, useWeekLive } from './useWeekLive';
import { WeekGrid } from './WeekGrid';
import { WeekPresence } from './WeekPresence';
import { pickerWeeks, stepWeek, weekKey, type IsoWeekRef } from './weeks';

export function CalendarPage() {
  const session = useSession();
  const screen = useScreenClass();
  if (!session?.isAdmin || !session.hasAgreement) return <AccessDenied />;
  if (screen === 'mobile') return <DeviceNotSupported />;
  return <CalendarScreen />;
}

const plumberName = (p: Plumber) => p.displayName || `${p.firstName} ${p.lastName}`;

function CalendarScreen() {
  const { t } = useTranslation('planning');
  const session = useSession()!;
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const target = readCalendarTarget(params, location.state);
  const plumbers = usePlanningPlumbers(session.companyId);
  const list = plumbers.data;
  // Monday to Friday by default (spec 2 §2.2); the choice holds from week to week.
  const [weekend, setWeekend] = useState(false);
  // The duration override (spec 2 §2.2 action bar) and the map section hold from week to week too.
  const [override, setOverride] = useState<number | null>(null);
  const [mapShown, setMapShown] = useMapShown();

  // The default plumber (spec 2 §2.2, §6): the signed-in user when they are one, else the first.
  const plumberId = target.plumberId ?? (list?.length
    ? (target.setLoggedUserByDefault && list.some((p) => p.id === session.registrationId) ? session.registrationId : list[0].id)
    : null);
  useEffect(() => {
    if (target.plumberId === null && plumberId !== null) setParams(calendarQuery(plumberId, target), { replace: true, state: location.state });
  }, [target, plumberId, setParams, location.state]);

  const show = (next: { plumberId?: number; week?: IsoWeekRef }) => {
    if (plumberId === null) return;
    const shown = { plumberId: next.plumberId ?? plumberId, week: next.week ?? target };
    // The week's two reads start at the tap, while the grid of the week is still being drawn.
    prefetchWeekSchedule(shown.plumberId, shown.week.weekNo, shown.week.year);
    prefetchPlanningWeek(shown.plumberId, shown.week.year, shown.week.weekNo);
    setParams(calendarQuery(shown.plumberId, shown.week));
  };

  return (
    <PageLayout maxW="100%">
      <LiveReadView read={plumbers} errorTitle={t('Choose.PlumbersLoadFailed')} missing={<EmptyView title={t('Choose.NoPlumbers')} />}>
        {(all) => (all.length === 0 || plumberId === null ? <EmptyView title={t('Choose.NoPlumbers')} /> : (
          <Week
            key={`${plumberId}-${weekKey(target)}`} plumbers={all} plumberId={plumberId} week={{ year: target.year, weekNo: target.weekNo }}
            weekend={weekend} onWeekend={setWeekend} onShow={show}
            override={override} onOverride={setOverride} mapShown={mapShown} onMapShown={setMapShown}
          />
        ))}
      </LiveReadView>
    </PageLayout>
  );
}

const NO_ROUTES: DayRoute[] = [];

/** Runs `run` when the page idles (a timer where the browser has no idle callback); answers the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * The weeks read ahead (readNextWeek), by plumber and week (weekId): their answers as they come,
 * so that the tap on the week draws them in its first frame while its reads take the same answers
 * over; `readAgain` until shown: read again then, as a week read before is.
 */
const readAhead = new Map<string, { schedule?: Schedule; facts?: WeekFacts; readAgain: boolean }>();
const weekId = (plumberId: number, week: IsoWeekRef) => `${plumberId}-${weekKey(week)}`;

/** Reads the week after `week` ahead (prefetchWeekScheduleAhead), unless read before. */
function readNextWeek(plumberId: number, week: IsoWeekRef): void {
  const next = stepWeek(week, 1);
  const reads = [prefetchWeekScheduleAhead(plumberId, next.weekNo, next.year), prefetchPlanningWeek(plumberId, next.year, next.weekNo)] as const;
  if (!reads[0] && !reads[1]) return;
  const id = weekId(plumberId, next);
  const entry: { schedule?: Schedule; facts?: WeekFacts; readAgain: boolean } = { readAgain: true };
  readAhead.set(id, entry);
  // As long as the reads are kept for the tap (prefetchLiveRead: a minute).
  window.setTimeout(() => { if (readAhead.get(id) === entry) readAhead.delete(id); }, 60_000);
  reads[0]?.then((answer) => { entry.schedule = answer; }, () => {});
  reads[1]?.then((answer) => { entry.facts = answer; }, () => {});
}

interface WeekProps {
  plumbers: Plumber[];
  plumberId: number;
  week: IsoWeekRef;
  /** Saturday and Sunday shown. */
  weekend: boolean;
  onWeekend: (shown: boolean) => void;
  onShow: (next: { plumberId?: number; week?: IsoWeekRef }) => void;
  /** The duration override's minutes (spec 2 §9 choices), or null: each card its own. */
  override: number | null;
  onOverride: (minutes: number | null) => void;
  mapShown: boolean;
  onMapShown: (shown: boolean) => void;
}

function Week({ plumbers, plumberId, week, weekend, onWeekend, onShow, override, onOverride, mapShown, onMapShown }: WeekProps) {
  const { t } = useTranslation('planning');
  const schedule = useSchedule({ assigneeId: plumberId, weekNo: week.weekNo, year: week.year });
  const facts = usePlanningWeek(plumberId, week.year, week.weekNo);
  const [{ refetch: refetchSchedule }, { refetch: refetchFacts }] = [schedule, facts];
  const reload = useCallback(() => { void refetchSchedule(); void refetchFacts(); }, [refetchSchedule, refetchFacts]);
  // A week read ahead draws from its answers while its reads take them over (they are the same answers).
  const thisWeek = weekId(plumberId, week);
  const ahead = readAhead.get(thisWeek);
  const scheduleData = schedule.data ?? (schedule.status === 'loading' ? ahead?.schedule : undefined);
  const factsData = facts.data ?? (facts.status === 'loading' ? ahead?.facts : undefined);
  useWeekLive(scheduleData, reload);
  const failure = useBatchFailure(scheduleData);
  const running = isBatchRunning(scheduleData);

  // A week was being laid and is done: its facts (the items laid) are read again with it.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void refetchFacts();
    wasRunning.current = running;
  }, [running, refetchFacts]);

  // The next week is read as soon as this one is drawn: an admin steps through the weeks, and the tap on
  // next week finds its two reads answered or on their way (a week read before is not read). Sending
  // them costs the page next to nothing; the server answers while the page draws this week.
  const shown = scheduleData !== undefined && factsData !== undefined;
  useEffect(() => {
    if (!shown || running) return undefined;
    const timer = window.setTimeout(() => { if (navigator.onLine) readNextWeek(plumberId, { year: week.year, weekNo: week.weekNo }); }, 0);
    return () => window.clearTimeout(timer);
  }, [shown, running, plumberId, week.year, week.weekNo]);
  // A week read ahead is read again once shown, when the page idles (its answers may be a minute old).
  useEffect(() => {
    const entry = readAhead.get(thisWeek);
    if (!shown || !entry?.readAgain) return undefined;
    return whenIdle(() => {
      entry.readAgain = false;
      reload();
    });
  }, [shown, thisWeek, reload]);

  const noHours = factsData?.hasHours === false;
  useNoHoursPrompt(noHours);

  const allDates = isoWeekDates(week.year, week.weekNo);
  const dates = weekend ? allDates : allDates.slice(0, CALENDAR_WORKWEEK_DAYS);
  const choices = useMemo(() => {
    const next = pickerWeeks();
    return next.some((w) => weekKey(w) === weekKey(week)) ? next : [week, ...next];
  }, [week]);

  return (
    <Stack gap="3" data-testid="calendar-page">
      <HStack gap="3" wrap="wrap" align="end" data-testid="calendar-top-bar">
        <Box width="16rem">
          <SelectField
            label={t('Calendar.Plumber')} testId="calendar-plumber" placeholder={t('Choose.PickPlumber')} value={plumberId}
            options={plumbers.map((p) => ({ value: p.id, label: plumberName(p) }))}
            onChange={(id) => { if (id !== null) onShow({ plumberId: id }); }}
          />
        </Box>
        <HStack gap="1" align="end">
          <IconButton variant="outline" aria-label={t('Calendar.PreviousWeek')} data-testid="calendar-previous" onClick={() => onShow({ week: stepWeek(week, -1) })}>
            <ChevronLeftIcon />
          </IconButton>
          <Box width="14rem">
            <SelectField
              label={t('Calendar.Week')} testId="calendar-week" placeholder={t('Choose.PickWeek')} value={weekKey(week)}
              options={choices.map((w) => ({ value: weekKey(w), label: t('Calendar.WeekOption', { week: w.weekNo, date: dateText(isoWeekDates(w.year, w.weekNo)[0]) }) }))}
              onChange={(key) => { const w = choices.find((c) => weekKey(c) === key); if (w) onShow({ week: w }); }}
            />
          </Box>
          <IconButton variant="outline" aria-label={t('Calendar.NextWeek')} data-testid="calendar-next" onClick={() => onShow({ week: stepWeek(week, 1) })}>
            <ChevronRightIcon />
          </IconButton>
        </HStack>
        <Checkbox.Root checked={weekend} onCheckedChange={(e) => onWeekend(e.checked === true)} data-testid="calendar-weekend" alignSelf="center" mt="6">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Calendar.ShowWeekend')}</Checkbox.Label>
        </Checkbox.Root>
        <Button variant="outline" onClick={reload} loading={schedule.refreshing || facts.refreshing} data-testid="calendar-refresh" disabled={running}>
          <RefreshIcon /> {t('Calendar.Refresh')}
        </Button>
        <WeekPresence plumberId={plumberId} week={week} />
      </HStack>
      <Heading as="h1" size="md" data-testid="calendar-range">
        {t('Calendar.Range', { name: plumberName(plumbers.find((p) => p.id === plumberId)!), week: week.weekNo, from: dateText(allDates[0]), to: dateText(allDates[6]) })}
      </Heading>
      {noHours && <WorkingHoursNotAvailable settingsSection="companyHours" />}
      {failure.data?.status === 'Failed' && (
        <Alert.Root status="error" role="alert" data-testid="calendar-batch-failed">
          <Alert.Indicator />
          <Alert.Title>{t('Calendar.BatchFailed')}</Alert.Title>
          <Alert.Description>{t(failure.data.error ?? 'Scheduling.CreatingScheduleFailed', { defaultValue: t('Scheduling.CreatingScheduleFailed') })}</Alert.Description>
        </Alert.Root>
      )}
      {scheduleData && factsData ? (
        <WeekView
          schedule={scheduleData} facts={factsData} dates={dates} running={running} reload={reload}
          override={override} onOverride={onOverride} mapShown={mapShown} onMapShown={onMapShown}
        />
      ) : (
        <WeekLoading reads={[schedule, facts]} errorTitles={[t('Scheduling.FailedToRetrieveSchedule'), t('WeekLoadFailed')]} />
      )}
      <BatchRunningModal open={running} />
    </Stack>
  );
}

interface WeekViewProps extends Pick<WeekProps, 'override' | 'onOverride' | 'mapShown' | 'onMapShown'> {
  schedule: Schedule;
  facts: WeekFacts;
  dates: string[];
  running: boolean;
  reload: () => void;
}

function WeekView({ schedule, facts, dates, running, reload, override, onOverride, mapShown, onMapShown }: WeekViewProps) {
  const slots = useMemo(() => new Map(weekSlots(facts).map((day) => [day[0].date, day])), [facts]);
  // A dropped card shows where it was dropped at once; the week read again after the drop replaces it.
  const [moved, setMoved] = useState<{ id: number; at: string; until: string } | null>(null);
  useEffect(() => { setMoved(null); }, [schedule.scheduleItems]);
  const items = useMemo(() => (moved
    ? schedule.scheduleItems.map((i) => (i.id === moved.id ? { ...i, scheduleStartDateTime: moved.at, scheduleEndDateTime: moved.until } : i))
    : schedule.scheduleItems), [schedule.scheduleItems, moved]);
  const cards = useMemo(() => placeCards(items, facts.dates), [items, facts.dates]);
  const first = useMemo(() => firstWorkingMinute(facts), [facts]);
  const { t } = useTranslation('planning');
  const companyId = useSession()?.companyId ?? null;
  const settings = useCompanySettings(companyId);
  const durations = useMemo(() => jobDurationsOf(settings.data), [settings.data]);
  // A free point picked on the map, and the card it becomes: the override's minutes, else its type's.
  const [picked, setPicked] = useState<AssignmentListItem | null>(null);
  const pickedItem = useMemo(() => {
    const minutes = picked && (override ?? durations.get(picked.assignmentType));
    return picked && minutes ? pointAsItem(picked, schedule.id, minutes) : null;
  }, [picked, override, durations, schedule.id]);
  const layPoint = (item: ScheduleItem, target: SlotTarget) => {
    void dropCard(schedule, facts, item, target.date, target.from, reload, { durationOverride: override }).then((outcome) => {
      if (outcome === 'saved') setPicked(null);
    });
  };
  const onDrop = (item: ScheduleItem, target: SlotTarget) => {
    if (item.id === 0) {
      layPoint(item, target);
      return;
    }
    const start = osloInstant(target.date, target.from);
    const minutes = (override ?? cardMinutes(item)) * 60_000;
    setMoved({ id: item.id, at: start.toISOString(), until: new Date(start.getTime() + minutes).toISOString() });
    void dropCard(schedule, facts, item, target.date, target.from, reload, { durationOverride: override })
      .then((outcome) => { if (outcome !== 'saved') setMoved(null); });
  };
  const { lit, setLit, lightFrom, onStop } = useLitCard(mapShown);
  // Kept while the facts are: a new array on every render would draw the routes again on every hover.
  const base = useMemo(() => (facts.base ? [facts.base.lat, facts.base.lng] as [number, number] : null), [facts.base]);
  // Only while the map is shown: a 200-card week is not labelled for a map nobody looks at.
  const routes = useMemo(() => {
    if (!mapShown) return NO_ROUTES;
    const days = new Map(dates.map((d) => [d, t(`hours:Day.${isoWeekday(d)}`)]));
    return dayRoutes(cards, facts.dates, dates, facts.base ?? null, facts.travel, (c, n) => t('Calendar.Map.Stop', {
      day: days.get(c.date), n, address: c.item.address, time: `${timeOf(c.from)}–${timeOf(c.to)}`,
    }));
  }, [mapShown, cards, facts.dates, dates, facts.base, facts.travel, t]);
  // spec 2 §2.2: a slot's menu. A free slot offers "add new object" (planning from the slot's start)
  // and "change availability"; every other slot only the latter. With a point picked on the map, a
  // free slot also lays it there (the keyboard's way to lay a point).
  const navigate = useNavigate();
  const [menu, setMenu] = useState<{ slot: CalendarSlot; x: number; y: number } | null>(null);
  // "Legg til nytt objekt" opens the planning page: its code loads while the menu is open.
  const menuOpen = !!menu;
  useEffect(() => { if (menuOpen) void import('../planning').catch(() => undefined); }, [menuOpen]);
  const [availability, setAvailability] = useState<AvailabilityTarget | null>(null);
  const onMenuSelect = (value: string) => {
    if (!menu) return;
    const { slot } = menu;
    setMenu(null);
    if (value === 'availability') setAvailability({ plumberId: schedule.assigneeId, date: slot.date, from: slot.from });
    else if (value === 'place') {
      if (pickedItem) layPoint(pickedItem, { date: slot.date, from: slot.from });
    } else {
      seedScheduleById(schedule);
      navigate(`/schedule/plan/edit/${schedule.id}`, {
        state: {
          scheduleId: schedule.id, plumberId: schedule.assigneeId, calendarWeek: schedule.weekNo, year: schedule.year,
          startDateTime: osloInstant(slot.date, slot.from).toISOString(), skipWeekCount: 1,
        },
      });
    }
  };
  const { flagged, acknowledge, refuse, follow } = useFlaggedCards(schedule.scheduleItems, reload);
  // The menu's card is kept after it closes: the menu may close before it reports the choice.
  const [cardMenu, setCardMenu] = useState<{ item: ScheduleItem; at: CardMenuAnchor; open: boolean } | null>(null);
  const [noteItem, setNoteItem] = useState<ScheduleItem | null>(null);
  // spec 2 §4: enabled when some card may be notified, and not while cards are flagged.
  const notifiable = useMemo(() => notifiableItems(schedule).length, [schedule]);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [confirmItem, setConfirmItem] = useState<ScheduleItem | null>(null);
  const cancel = useCancelDialog(schedule, (ids) => { follow(ids, [ScheduleItemStatus.Cancelled]); reload(); });
  const cardWeek = useMemo<CardWeekContext>(() => ({ openMenu: (item, at) => setCardMenu({ item, at, open: true }), flagged }), [flagged]);
  const onCardMenuSelect = (value: string) => {
    const item = cardMenu && schedule.scheduleItems.find((i) => i.id === cardMenu.item.id);
    setCardMenu((m) => m && { ...m, open: false });
    // Opened once the menu is gone: a dialog opened while the menu's layer is still up is dismissed with it.
    if (value === 'note' && item) window.setTimeout(() => setNoteItem(item), 0);
    if (value === 'contact' && item) navigate(`/job/scheduleItem/${item.id}`);
    if (value === 'confirm' && item) window.setTimeout(() => setConfirmItem(item), 0);
    if (value === 'cancel' && item) window.setTimeout(() => cancel.openFor(item), 0);
    // The override's minutes for the card where it lies (spec 2 §2.2; the server judges the new length).
    if (value === 'duration' && item?.scheduleStartDateTime && override) {
      const at = osloDayMinute(new Date(item.scheduleStartDateTime));
      void dropCard(schedule, facts, item, at.date, at.minute, reload, { durationOverride: override, texts: 'duration' });
    }
  };
  return (
    <Box inert={running} aria-busy={running} data-testid="calendar-body" data-disabled={running}>
      {flagged.size > 0 && (
        <Alert.Root status="error" role="alert" mb="2" data-testid="calendar-flagged-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('Calendar.FlaggedTitle', { count: flagged.size })}</Alert.Title>
            <Alert.Description>{t('Calendar.FlaggedNotice')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" colorPalette="red" onClick={acknowledge} data-testid="calendar-flagged-reload">{t('Calendar.Reload')}</Button>
        </Alert.Root>
      )}
      <HStack justify="end" mb="2" gap="3" wrap="wrap" data-testid="calendar-action-bar">
        <Button size="sm" colorPalette="blue" disabled={notifiable === 0 || flagged.size > 0} onClick={() => setNoticeOpen(true)} data-testid="calendar-send-notice">
          {t('Calendar.Notice.Open', { count: notifiable })}
        </Button>
        {cancel.button(flagged.size > 0)}
        <DurationOverride value={override} onChange={onOverride} testId="calendar-duration" resetLabel={t('Calendar.Duration.None')} width="16rem" />
        <Button size="sm" variant={mapShown ? 'solid' : 'outline'} aria-pressed={mapShown} onClick={() => onMapShown(!mapShown)} data-testid="calendar-map-toggle">
          {t('Calendar.Map.Show')}
        </Button>
        <Button size="sm" variant="outline" data-testid="calendar-change-availability"
          onClick={() => setAvailability({ plumberId: schedule.assigneeId, date: dates.find((d) => d >= osloDay(new Date())) ?? dates[0], from: first ?? 7 * 60 })}>
          {t('Calendar.Availability.Open')}
        </Button>
      </HStack>
      <CardWeek.Provider value={cardWeek}>
        <CalendarDnd onDrop={onDrop}>
          <HStack align="start" gap="3">
            <Box
              flex="1" minW="0" onPointerOver={(e) => lightFrom(e.target)} onPointerLeave={() => setLit(null)}
              onFocus={(e) => lightFrom(e.target)} onBlur={() => setLit(null)}
            >
              {mapShown && lit !== null && <style>{`[data-testid="calendar-card"][data-item-id="${lit}"]{outline:3px solid #1a365d;outline-offset:1px}`}</style>}
              <WeekGrid dates={dates} slots={slots} cards={cards} scrollToMinute={first} weekKey={`${schedule.id}`} onSlotMenu={(slot, at) => setMenu({ slot, ...at })} />
            </Box>
            {mapShown && (
              <Box width="40vw" flexShrink={0}>
                <CalendarMap
                  schedule={schedule} routes={routes} base={base} litId={lit} onStop={onStop}
                  picked={picked} pickedItem={pickedItem} onPick={setPicked} height="calc(100dvh - 380px)"
                />
              </Box>
            )}
          </HStack>
        </CalendarDnd>
      </CardWeek.Provider>
      <CardMenuPopup menu={cardMenu} override={override} blocked={flagged.size > 0} onClose={() => setCardMenu((m) => m && { ...m, open: false })} onSelect={onCardMenuSelect} />
      {noteItem && (
        <CardNoteDialog
          item={noteItem} onClose={() => setNoteItem(null)} onSaved={reload}
          onStatusChanged={refuse}
        />
      )}
      {confirmItem && (
        <ManualConfirmDialog
          schedule={schedule} item={confirmItem} onClose={() => setConfirmItem(null)} onStatusChanged={refuse}
          onSaved={(confirmed) => { if (confirmed) follow([confirmed], CONFIRMATION_OUTCOMES); reload(); }}
        />
      )}
      {cancel.dialog}
      {noticeOpen && (
        <SendNoticeDialog schedule={schedule} onClose={() => setNoticeOpen(false)} onSent={(ids) => { follow(ids, NOTICE_OUTCOMES); reload(); }} />
      )}
      <Menu.Root
        open={!!menu} onOpenChange={(e) => { if (!e.open) setMenu(null); }} onSelect={(d) => onMenuSelect(d.value)}
        positioning={{ getAnchorRect: () => ({ x: menu?.x ?? 0, y: menu?.y ?? 0, width: 0, height: 0 }) }}
      >
        <Portal>
          <Menu.Positioner>
            <Menu.Content data-testid="calendar-slot-menu">
              {menu?.slot.type === CalendarSlotType.Free && pickedItem && (
                <Menu.Item value="place">{t('Calendar.Map.PlaceHere', { address: pickedItem.address })}</Menu.Item>
              )}
              {menu?.slot.type === CalendarSlotType.Free && <Menu.Item value="add">{t('Calendar.AddObject')}</Menu.Item>}
              <Menu.Item value="availability">{t('Calendar.Availability.Open')}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <AvailabilityDialog target={availability} onClose={() => setAvailability(null)} onSaved={reload} />
    </Box>
  );
}

