/**
 * The editor with its Cancel and Save (spec 3 §2, §4): Save is disabled until something changed, is
 * checked day by day before anything is sent ('time must be specified'), and tells the page whether
 * the section holds unsaved changes. The caller sends the plan (one request) and shows its answer. In the employee variant
 * the admin chooses whether the change applies from now on (standing hours, the default) or only in
 * the week shown.
 */
import { useEffect, useState } from 'react';
import { Button, HStack, RadioGroup, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../../ui';
import { dayIssueOnSave, isDirty, savePlan, type EditorDay, type SavePlan, type SaveWeek } from './editorState';
import { HoursEditor, type DayError } from './HoursEditor';

interface HoursFormProps {
  saved: EditorDay[];
  employee?: boolean;
  dates?: string[];
  /** Employee variant: the ISO week shown, which a change may be limited to. */
  week?: SaveWeek;
  onDirtyChange: (dirty: boolean) => void;
  /** Sends the plan; throws when the server refused. */
  onSave: (plan: SavePlan) => Promise<void>;
}

type Scope = 'standing' | 'week';

export function HoursForm({ saved, employee = false, dates, week, onDirtyChange, onSave }: HoursFormProps) {
  const { t } = useTranslation('hours');
  const { t: tc } = useTranslation();
  const [edited, setEdited] = useState(saved);
  const [errors, setErrors] = useState<(DayError | null)[]>(() => saved.map(() => null));
  const [saving, setSaving] = useState(false);
  const [scope, setScope] = useState<Scope>('standing');
  const dirty = isDirty(saved, edited);

  useEffect(() => { onDirtyChange(dirty); }, [dirty, onDirtyChange]);
  // Leaving the section drops its changes: the page is told it is clean again.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const change = (index: number, day: EditorDay, error: DayError | null) => {
    setEdited((days) => days.map((d, i) => (i === index ? day : d)));
    setErrors((list) => list.map((e, i) => (i === index ? error : e)));
  };

  const cancel = () => {
    setEdited(saved);
    setErrors(saved.map(() => null));
  };

  const save = async () => {
    const issues = edited.map(dayIssueOnSave);
    setErrors(issues);
    if (issues.some(Boolean)) return;
    setSaving(true);
    try {
      await onSave(savePlan(saved, edited, employee && week ? { week, only: scope === 'week' } : null));
      snackbar.success(t('HoursSaved'));
    } catch {
      snackbar.error(t('SomethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4">
      <HoursEditor days={edited} errors={errors} onChange={change} employee={employee} dates={dates} disabled={saving} />
      <HStack justify="flex-end" gap="4" wrap="wrap">
        {employee && week && (
          <RadioGroup.Root
            size="sm" value={scope} disabled={saving} data-testid="hours-scope"
            onValueChange={(e) => setScope(e.value === 'week' ? 'week' : 'standing')}
          >
            <HStack gap="4" wrap="wrap">
              <RadioGroup.Label fontWeight="medium">{t('AppliesTo')}</RadioGroup.Label>
              {(['standing', 'week'] as const).map((v) => (
                <RadioGroup.Item key={v} value={v}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{v === 'week' ? t('AppliesOnlyWeek', { week: week.weekNo }) : t('AppliesFromNow')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )}
        <HStack gap="2">
          <Button variant="outline" onClick={cancel} disabled={!dirty || saving}>{tc('Cancel')}</Button>
        <Button colorPalette="blue" onClick={() => { void save(); }} disabled={!dirty} loading={saving}>{tc('Save')}</Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
