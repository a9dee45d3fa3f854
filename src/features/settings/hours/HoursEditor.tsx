/**
 * The seven day rows of the working-hours editor (spec 3 §2): Day Start Time, Lunch From, Lunch To,
 * Day End Time (HH:mm) and Off; in the employee variant also a per-day choice between the employee's own
 * hours and the company's, a day whose own hours are for the shown week only being marked so. A time is
 * checked when it is complete (typed in full, or the field left), never half-typed; a refused time shows
 * an error beginning with the invalid-time label.
 */
import { Badge, Box, Grid, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../../ui/form';
import { HOUR_FIELDS, type DayProblem, type HourField } from '../../../domain/settings/dayHours';
import { setOff, setTime, setUseCompany, type EditorDay } from './editorState';

export interface DayError {
  field: HourField;
  problem: DayProblem;
}

interface HoursEditorProps {
  days: EditorDay[];
  errors: (DayError | null)[];
  onChange: (index: number, day: EditorDay, error: DayError | null) => void;
  /** The employee variant: per day, the company's hours instead of the employee's own. */
  employee?: boolean;
  /** The dates of the days (employee variant: the chosen ISO week), dd.MM. */
  dates?: string[];
  disabled?: boolean;
}

function useDayTexts() {
  const { t } = useTranslation('hours');
  const dayName = (dayOfWeek: number) => t(`Day.${dayOfWeek}`);
  const fieldLabel = (field: HourField) => t(`Field.${field}`);
  /** 'Ugyldig tid: …' / 'Invalid time: …', or the spec's 'time must be specified'. */
  const errorText = (e: DayError) => (e.problem === 'required'
    ? `${t('TimeMustBeSpecified')}: ${fieldLabel(e.field)}`
    : `${t('InvalidTime')}: ${t(`Rule.${e.problem === 'order' ? `order.${e.field}` : e.problem}`)}`);
  return { t, dayName, fieldLabel, errorText };
}

export function HoursEditor({ days, errors, onChange, employee = false, dates, disabled = false }: HoursEditorProps) {
  const { t, dayName, fieldLabel, errorText } = useDayTexts();
  const columns = employee ? '6rem repeat(4, minmax(6.5rem, 1fr)) 2.5rem 6rem' : '6rem repeat(4, minmax(6.5rem, 1fr)) 2.5rem';
  return (
    <Box overflowX="auto" data-testid="hours-editor">
      <Grid templateColumns={columns} gap="2" alignItems="center" minW={employee ? '45rem' : '38rem'}>
        <Box display="contents">
          <Text fontWeight="semibold" fontSize="sm">{t('DayColumn')}</Text>
          {HOUR_FIELDS.map((f) => <Text key={f} fontWeight="semibold" fontSize="sm">{fieldLabel(f)}</Text>)}
          <Text fontWeight="semibold" fontSize="sm">{t('Off')}</Text>
          {employee && <Text fontWeight="semibold" fontSize="sm">{t('CompanyHours')}</Text>}
        </Box>
        {days.map((day, i) => {
          const name = dayName(day.dayOfWeek);
          const locked = disabled || day.useCompany;
          const error = errors[i];
          return (
            <Box key={day.dayOfWeek} display="contents" data-testid={`hours-day-${day.dayOfWeek}`}>
              <Box>
                <Text fontWeight="medium">{name}</Text>
                {dates?.[i] && <Text fontSize="xs" color="fg.muted">{dates[i]}</Text>}
                {employee && day.weekOnly && (
                  <Badge size="sm" colorPalette="purple" variant="subtle" data-testid="hours-week-only">{t('WeekOnlyBadge')}</Badge>
                )}
              </Box>
              {HOUR_FIELDS.map((field) => (
                <Box key={field}>
                  <TimeField
                    ariaLabel={`${name} ${fieldLabel(field)}`} showHint={false}
                    invalid={error?.field === field}
                    value={day.hours[field] ?? null} disabled={locked || day.off}
                    onChange={(value) => {
                      const { day: next, problem } = setTime(day, field, value ?? '');
                      onChange(i, next, problem ? { field, problem } : null);
                    }}
                  />
                </Box>
              ))}
              <Box>
                <Switch.Root
                  checked={day.off} disabled={locked}
                  onCheckedChange={(e) => onChange(i, setOff(day, e.checked), null)}
                >
                  <Switch.HiddenInput aria-label={`${name} ${t('Off')}`} />
                  <Switch.Control><Switch.Thumb /></Switch.Control>
                </Switch.Root>
              </Box>
              {employee && (
                <Box>
                  <Switch.Root
                    checked={day.useCompany} disabled={disabled}
                    onCheckedChange={(e) => onChange(i, setUseCompany(day, e.checked), null)}
                  >
                    <Switch.HiddenInput aria-label={`${name} ${t('CompanyHours')}`} />
                    <Switch.Control><Switch.Thumb /></Switch.Control>
                  </Switch.Root>
                </Box>
              )}
              {error && (
                <Text role="alert" gridColumn="2 / -1" color="fg.error" fontSize="sm" data-testid="hours-error">
                  {`${errorText(error)} (${name})`}
                </Text>
              )}
            </Box>
          );
        })}
      </Grid>
    </Box>
  );
}
