/**
 * The company holiday calendar (spec 3 §2, §4, §5): a year of the previous, current and next; the
 * year's holidays as 3 columns × 12 months with dot markers and as a list; adding a half or full day
 * (06:00–18:00) from today within the year; deleting one; saving the calendar. Past years are
 * read-only, and so are past dates. Added holidays wait in the list until the calendar is saved;
 * deleting a saved one happens at once. Another admin's change (WorkingHoursChanged) is read again at
 * once while nothing added waits, else the added ones stay under a notice.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import { useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import { isoWeek, osloDay } from '../../../domain/time/oslo';
import { checkHoliday, HOLIDAY_DAY_END, HOLIDAY_DAY_START, HOLIDAY_REASON_MAX_LENGTH, holidayYearChoices, HolidayType, isHolidayYearReadOnly, type HolidayProblem } from '../../../domain/settings/holidays';
import type { Holiday, HolidayInput } from '../../../domain/schemas/holidays';
import { confirm, snackbar } from '../../../ui';
import { DateField, TimeField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import { deleteHoliday } from './api/deleteHoliday';
import { useHolidayYear } from './api/fetchHolidayYear';
import { saveHolidayYear } from './api/saveHolidayYear';
import { HolidayMonths, type MarkedDay } from './MonthCalendar';

export interface HolidaysSectionProps {
  onDirtyChange: (dirty: boolean) => void;
}

const HALF_DAY_DEFAULT_END = '12:00';
const HEARS = [NotificationType.WorkingHoursChanged];

/** A holiday in the editor's list: saved ones by id, added ones with id 0 and a local key. */
type Item = HolidayInput & { key: string };

export function HolidaysSection({ onDirtyChange }: HolidaysSectionProps) {
  const { t } = useTranslation('hours');
  const { t: tc } = useTranslation();
  const companyId = useSession()?.companyId ?? null;
  const today = osloDay(new Date());
  const currentYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const [added, setAdded] = useState<Item[]>([]);
  const read = useHolidayYear(companyId, year);
  const dirty = added.length > 0;
  const live = useLiveReload(HEARS, read.refetch, onDirtyChange);
  const tellLive = live.onDirtyChange;

  useEffect(() => { tellLive(dirty); }, [dirty, tellLive]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const changeYear = async (next: number) => {
    if (dirty && !await confirm({
      title: tc('ExitConfirmationHeader'), message: tc('ExitConfirmationMessage'), confirmText: tc('Yes'), cancelText: tc('Cancel'),
    })) return;
    setAdded([]);
    setYear(next);
  };

  return (
    <Stack gap="4" data-testid="holidays">
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Field.Root width="10rem">
          <Field.Label>{t('Year')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={year} onChange={(e) => { void changeYear(Number(e.currentTarget.value)); }}>
              {holidayYearChoices(currentYear).map((y) => <option key={y} value={y}>{y}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <ChangedElsewhereNotice live={{ changedElsewhere: live.changedElsewhere, discard: () => { setAdded([]); live.discard(); } }} />
      <LiveReadView read={read} errorTitle={t('SomethingWentWrong')}>
        {(saved) => (
          <HolidayCalendar
            key={year} companyId={companyId!} year={year} today={today} readOnly={isHolidayYearReadOnly(year, currentYear)}
            saved={saved} added={added} setAdded={setAdded}
            onDeleted={(id) => read.mutate(saved.filter((h) => h.id !== id))}
            onSaved={read.mutate}
          />
        )}
      </LiveReadView>
    </Stack>
  );
}

interface CalendarProps {
  companyId: string;
  year: number;
  today: string;
  readOnly: boolean;
  saved: Holiday[];
  added: Item[];
  setAdded: (update: (items: Item[]) => Item[]) => void;
  onDeleted: (id: number) => void;
  /** The year as the server saved it: shown as is, with no second read. */
  onSaved: (saved: Holiday[]) => void;
}

function HolidayCalendar({ companyId, year, today, readOnly, saved, added, setAdded, onDeleted, onSaved }: CalendarProps) {
  const { t, i18n } = useTranslation('hours');
  const { t: tc } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [date, setDate] = useState('');
  const items: Item[] = useMemo(() => [
    ...saved.map((h) => ({
      key: `id${h.id}`, id: h.id, groupId: h.groupId, date: h.date, holidayTypeId: h.holidayTypeId, startTime: h.startTime, endTime: h.endTime, reason: h.reason,
    })),
    ...added,
  ].sort((a, b) => a.date.localeCompare(b.date)), [saved, added]);
  const marks = useMemo(() => new Map<string, MarkedDay>(items.map((h) => [h.date, { holidayTypeId: h.holidayTypeId, reason: h.reason ?? null }])), [items]);
  const locale = i18n.language === 'en' ? 'en-GB' : 'nb-NO';

  const remove = async (item: Item) => {
    if (!item.id) {
      setAdded((list) => list.filter((h) => h.key !== item.key));
      return;
    }
    if (!await confirm({ title: t('DeleteHolidayTitle'), message: t('DeleteHolidayMessage', { date: formatDate(item.date) }), confirmText: t('Delete'), cancelText: tc('Cancel') })) return;
    try {
      await deleteHoliday(item.id);
      onDeleted(item.id);
      snackbar.success(t('HolidayDeleted'));
    } catch {
      snackbar.error(t('SomethingWentWrong'));
    }
  };

  const save = async () => {
    if (!added.length) {
      snackbar.warning(t('NoItemsToSave'));
      return;
    }
    setSaving(true);
    try {
      const answer = await saveHolidayYear(year, items.map(({ key: _key, ...h }) => h));
      setAdded(() => []);
      onSaved(answer);
      snackbar.success(t('HolidaysSaved'));
    } catch {
      snackbar.error(t('SomethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="5">
      {readOnly ? (
        <Alert.Root status="info" data-testid="holidays-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('PastYearReadOnly')}</Alert.Description>
        </Alert.Root>
      ) : (
        <AddHoliday
          companyId={companyId} year={year} today={today} used={items.map((h) => h.date)} date={date} setDate={setDate}
          onAdd={(item) => setAdded((list) => [...list, item])}
        />
      )}
      <Box overflowX="auto">
        <Grid
          as="ul" aria-label={t('HolidayList')} listStyleType="none" minW="40rem"
          templateColumns="8.5rem 3.5rem 6rem 7rem 1fr 5rem" columnGap="3" rowGap="1" alignItems="center" fontSize="sm"
        >
          <Box as="li" display="contents" aria-hidden color="fg.muted" fontWeight="semibold">
            <Text>{t('Date')}</Text><Text>{t('WeekColumn')}</Text><Text>{t('HolidayTypeLabel')}</Text><Text>{t('Time')}</Text><Text>{t('Reason')}</Text><Box />
          </Box>
          {items.length === 0 && <Text as="li" gridColumn="1 / -1" color="fg.muted">{t('NoHolidays')}</Text>}
          {items.map((h) => (
            <Box as="li" key={h.key} display="contents" data-testid="holiday-row" data-date={h.date}>
              <Text>{formatDate(h.date)} {!h.id && <Badge colorPalette="blue" size="sm">{t('NotSaved')}</Badge>}</Text>
              <Text>{isoWeek(h.date).week}</Text>
              <Text>{h.holidayTypeId === HolidayType.FullDay ? t('FullDay') : t('HalfDay')}</Text>
              <Text>{`${h.startTime}–${h.endTime}`}</Text>
              <Text>{h.reason}</Text>
              <Box textAlign="end">
                {!readOnly && h.date >= today && (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => { void remove(h); }} aria-label={t('DeleteHolidayOn', { date: formatDate(h.date) })}>
                    {t('Delete')}
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Grid>
      </Box>
      {!readOnly && (
        <HStack justify="flex-end">
          <Button colorPalette="blue" onClick={() => { void save(); }} loading={saving}>{t('SaveCalendar')}</Button>
        </HStack>
      )}
      <HolidayMonths year={year} marks={marks} today={today} locale={locale} picked={date} onPick={readOnly ? undefined : setDate} />
    </Stack>
  );
}

const formatDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

interface AddHolidayProps {
  companyId: string;
  year: number;
  today: string;
  used: string[];
  /** The date being added, shared with the month calendars (they pick it too). */
  date: string;
  setDate: (date: string) => void;
  onAdd: (item: Item) => void;
}

/** Adding one holiday (spec 3 §2, §5): a date of the year from today on, half or full day, times within 06:00–18:00. */
function AddHoliday({ companyId, year, today, used, date, setDate, onAdd }: AddHolidayProps) {
  const { t } = useTranslation('hours');
  const [type, setType] = useState<number>(HolidayType.FullDay);
  const [from, setFrom] = useState(HOLIDAY_DAY_START);
  const [to, setTo] = useState(HALF_DAY_DEFAULT_END);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<HolidayProblem | null>(null);
  const full = type === HolidayType.FullDay;

  const add = useCallback(() => {
    const holiday = { date: date || null, holidayTypeId: type, startTime: full ? HOLIDAY_DAY_START : from, endTime: full ? HOLIDAY_DAY_END : to };
    const found = checkHoliday(holiday, { year, today, usedDates: used });
    setProblem(found);
    if (found) return;
    onAdd({
      key: `new${Date.now()}${date}`, id: 0, groupId: companyId, date, holidayTypeId: type,
      startTime: holiday.startTime, endTime: holiday.endTime, reason: reason.trim() || null,
    });
    snackbar.success(t('HolidayWasAdded'));
    setDate('');
    setReason('');
  }, [date, type, full, from, to, year, today, used, onAdd, companyId, reason, t, setDate]);

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="add-holiday">
      <Text fontWeight="semibold" mb="2">{t('AddHoliday')}</Text>
      <HStack gap="3" wrap="wrap" align="flex-start">
        {/* No bounds on the field: a date outside the year or in the past gets the spec's own error on Add. */}
        <DateField
          width="11rem" label={t('Date')} testId="holiday-date" invalid={problem !== null && problem !== 'InvalidTime'}
          value={date || null} onChange={(value) => { setDate(value ?? ''); setProblem(null); }}
        />
        <Field.Root width="9rem">
          <Field.Label>{t('HolidayTypeLabel')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={type} onChange={(e) => { setType(Number(e.currentTarget.value)); setProblem(null); }}>
              <option value={HolidayType.FullDay}>{t('FullDay')}</option>
              <option value={HolidayType.HalfDay}>{t('HalfDay')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <TimeField
          width="7rem" label={t('From')} testId="holiday-from" disabled={full} invalid={problem === 'InvalidTime'}
          value={full ? HOLIDAY_DAY_START : from} onChange={(value) => { setFrom(value ?? ''); setProblem(null); }}
        />
        <TimeField
          width="7rem" label={t('To')} testId="holiday-to" disabled={full} invalid={problem === 'InvalidTime'}
          value={full ? HOLIDAY_DAY_END : to} onChange={(value) => { setTo(value ?? ''); setProblem(null); }}
        />
        <Field.Root flex="1" minW="12rem">
          <Field.Label>{t('Reason')}</Field.Label>
          <Input size="sm" maxLength={HOLIDAY_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </Field.Root>
        <Button alignSelf="flex-end" size="sm" onClick={add}>{t('Add')}</Button>
      </HStack>
      {problem && <Text role="alert" color="fg.error" fontSize="sm" mt="2" data-testid="holiday-error">{t(`HolidayProblem.${problem}`)}</Text>}
    </Box>
  );
}
