/**
 * A settings form over some setting types: its values, whether it differs from what is saved (and
 * tells the page), the first invalid field, and a save that shows the spec's texts (spec 3 §8).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  firstFormError, formDiffers, formFieldError, formFromSettings, type SettingError, type SettingsForm, type SettingTypeId,
} from '../../../domain/settings/company';
import type { CompanySetting } from '../../../domain/schemas/companySettings';
import { snackbar } from '../../../ui';
import { saveCompanySettings } from './api/saveCompanySettings';

interface Options {
  companyId: string;
  saved: CompanySetting[];
  types: readonly SettingTypeId[];
  onDirtyChange: (dirty: boolean) => void;
  /** After a save, with what the server holds now. */
  onSaved: (settings: CompanySetting[]) => void;
  /** A failed save: read again, as part of it may have been written. */
  onFailed: () => void;
  /** The success text when the save only created settings. */
  createdText: string;
}

export function useSettingsForm({ companyId, saved, types, onDirtyChange, onSaved, onFailed, createdText }: Options) {
  const { t } = useTranslation('companySettings');
  const initial = useMemo(() => formFromSettings(saved, types), [saved, types]);
  const [values, setValues] = useState<SettingsForm>(initial);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const dirty = formDiffers(saved, values);

  useEffect(() => { onDirtyChange(dirty); }, [dirty, onDirtyChange]);

  const set = (typeId: SettingTypeId, value: string) => setValues((v) => ({ ...v, [typeId]: value }));
  const errorOf = (typeId: SettingTypeId): SettingError | null => (showErrors ? formFieldError(values, typeId) : null);

  const save = async () => {
    if (!dirty || saving) return;
    const invalid = firstFormError(values);
    if (invalid) {
      setShowErrors(true);
      snackbar.error(t(invalid.error === 'ReminderNeedsValue' || invalid.error === 'BaseNeedsBoth' ? invalid.error : 'InvalidInput'), t('PleaseTryAgain'));
      return;
    }
    setSaving(true);
    const outcome = await saveCompanySettings(companyId, saved, values);
    setSaving(false);
    if (outcome.ok) {
      snackbar.success(outcome.createdOnly ? createdText : t('UpdateSuccess'));
      onDirtyChange(false);
      onSaved(outcome.settings);
      return;
    }
    if (outcome.failure === 'InvalidInput') snackbar.error(t('InvalidInput'), t('PleaseTryAgain'));
    else snackbar.error(t(outcome.failure));
    onFailed();
  };

  const cancel = () => {
    setValues(initial);
    setShowErrors(false);
  };

  return { values, setValues, set, errorOf, dirty, saving, save, cancel };
}
