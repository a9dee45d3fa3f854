/**
 * Date-time field in the spec's format whatever the device's locale (spec 1 §9: dd.MM.yyyy HH:mm):
 * the date is typed as dd.MM.yyyy or chosen in the browser's calendar (the calendar button), the time
 * chosen in 15-minute steps. Controlled: a value the parent refuses leaves the field as it was
 * (spec 1 §5), and the text shown goes back to the accepted value.
 */
import { useEffect, useRef, useState } from 'react';
import { Field, HStack, IconButton, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui';
import { combineNbDateTime, formatDate, formatTime, timeSteps } from '../../../domain/format';
import { latestJobDate, MAX_YEARS_AHEAD } from '../../../domain/jobRules';

/** Minutes between the times offered (the spec's time pickers step in quarters). */
const TIME_STEP_MINUTES = 15;
const TIMES = timeSteps(TIME_STEP_MINUTES);
const DEFAULT_TIME = '08:00';

export interface DateTimeFieldProps {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  min?: Date;
  error?: string | null;
  testId: string;
}

const isoDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** The nearest offered time at or before a time of day. */
const stepTime = (d: Date) => {
  const minutes = Math.floor((d.getHours() * 60 + d.getMinutes()) / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

export function DateTimeField({ label, value, onChange, min, error, testId }: DateTimeFieldProps) {
  const { t } = useTranslation('jobs');
  const now = new Date();
  const max = new Date(Math.min(latestJobDate(now).getTime(), new Date(now.getFullYear() + MAX_YEARS_AHEAD, 11, 31, 23, 59).getTime()));
  const [dateText, setDateText] = useState(value ? formatDate(value) : '');
  const [time, setTime] = useState(value ? stepTime(value) : DEFAULT_TIME);
  const [typing, setTyping] = useState<string | null>(null);
  const calendar = useRef<HTMLInputElement>(null);

  // The accepted value is what shows: a refused date falls back to it.
  useEffect(() => {
    setDateText(value ? formatDate(value) : '');
    if (value) setTime(TIMES.includes(formatTime(value)) ? formatTime(value) : stepTime(value));
  }, [value]);

  const offer = (nextDate: string, nextTime: string) => {
    if (nextDate.trim() === '') return onChange(null);
    const instant = combineNbDateTime(nextDate, nextTime);
    if (!instant) return setTyping(t('DateFormatInvalid'));
    onChange(instant);
    // Shown again as the accepted value: if the parent refused the date, the field is as it was.
    setDateText(value ? formatDate(value) : '');
  };

  return (
    <Field.Root invalid={!!error || !!typing}>
      <Field.Label>{label}</Field.Label>
      <HStack w="100%" align="flex-start">
        <Input
          data-testid={testId}
          inputMode="numeric"
          placeholder={t('DateFormatPlaceholder')}
          aria-label={`${label}: ${t('DateFormatPlaceholder')}`}
          value={dateText}
          maxLength={10}
          onChange={(e) => { setDateText(e.target.value); setTyping(null); }}
          onBlur={() => { if (dateText !== (value ? formatDate(value) : '')) offer(dateText, time); }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); offer(dateText, time); } }}
          flex="1"
        />
        <IconButton
          aria-label={t('OpenCalendar')}
          variant="outline"
          onClick={() => {
            try {
              calendar.current?.showPicker();
            } catch {
              // An older browser without showPicker: the date is typed instead.
            }
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor"><path d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 16H5V10h14v10z" /></svg>
        </IconButton>
        {/* The browser's calendar, used only to pick; what is shown and typed is dd.MM.yyyy. */}
        <input
          ref={calendar}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          style={{ position: 'absolute', opacity: 0, width: 0, height: 0, pointerEvents: 'none' }}
          min={min ? isoDate(min) : undefined}
          max={isoDate(max)}
          onChange={(e) => {
            const [y, m, d] = e.target.value.split('-');
            if (!y) return;
            const text = `${d}.${m}.${y}`;
            setDateText(text);
            offer(text, time);
          }}
        />
        <NativeSelect.Root width="7.5rem">
          <NativeSelect.Field
            data-testid={`${testId}-time`}
            aria-label={`${label}: ${t('Time')}`}
            value={time}
            onChange={(e) => { setTime(e.target.value); if (dateText) offer(dateText, e.target.value); }}
          >
            {TIMES.map((tm) => <option key={tm} value={tm}>{tm}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {value && (
          <IconButton aria-label={t('ClearDate')} variant="ghost" onClick={() => onChange(null)}>
            <CloseIcon />
          </IconButton>
        )}
      </HStack>
      <Field.HelperText>{t('DateTimeFormatHint')}</Field.HelperText>
      {(error || typing) && <Field.ErrorText data-testid={`${testId}-error`}>{typing ?? error}</Field.ErrorText>}
    </Field.Root>
  );
}
