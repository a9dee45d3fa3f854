/** The create/edit profile form (spec 1 §2 "Profile screens", §5 "Profile forms"). */
import { useState } from 'react';
import { Button, Card, Field, Heading, HStack, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  validateProfileCompany, validateProfilePersonal, type FieldError, type ProfileCompanyFields, type ProfilePersonalFields,
} from '../../domain/validation';
import { useGoBack, pageAction } from '../../ui';
import { useUnsavedChangesGuard } from '../../ui/useUnsavedChangesGuard';
import { EMPTY_COMPANY, sameForm, type ProfileFormValues } from './profileForm';

interface FieldSpec<K extends string> {
  key: K;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
}

const PERSONAL: FieldSpec<keyof ProfilePersonalFields>[] = [
  { key: 'firstName', label: 'FirstName', autoComplete: 'given-name' },
  { key: 'lastName', label: 'LastName', autoComplete: 'family-name' },
  { key: 'telephone', label: 'Telephone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

const COMPANY: FieldSpec<keyof ProfileCompanyFields>[] = [
  { key: 'orgNumber', label: 'OrgNumber', inputMode: 'numeric' },
  { key: 'name', label: 'CompanyName', autoComplete: 'organization' },
  { key: 'address', label: 'Location', autoComplete: 'street-address' },
  { key: 'postcode', label: 'PostalCode', autoComplete: 'postal-code', inputMode: 'numeric' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'telephone', label: 'CompanyTelephone', type: 'tel', inputMode: 'tel' },
  { key: 'email', label: 'CompanyEmail', type: 'email', inputMode: 'email' },
];

const ERROR_KEY: Record<FieldError, string> = { required: 'FieldRequired', numeric: 'FieldNumeric', email: 'FieldEmail' };

export interface ProfileFormProps {
  initial: ProfileFormValues;
  /** Create offers the yes/no 'working for a company' choice; edit keeps the profile's own answer. */
  companyChoice: boolean;
  /** Stores the values and reports the outcome; resolves true when stored. */
  onSave: (values: ProfileFormValues) => Promise<boolean>;
  /** Where to go once stored; the unsaved-changes guard is released first. */
  afterSave: () => void;
}

export function ProfileForm({ initial, companyChoice, onSave, afterSave }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const goBack = useGoBack('/profile/view');
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);

  const personalErrors = validateProfilePersonal(values.personal);
  const companyErrors = values.company ? validateProfileCompany(values.company) : {};
  const valid = Object.keys(personalErrors).length === 0 && Object.keys(companyErrors).length === 0;
  const dirty = !sameForm(values, initial);
  const guard = useUnsavedChangesGuard(dirty && !saving);

  const show = (id: string, error: FieldError | undefined) => (error && (submitted || touched[id]) ? error : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || saving) return;
    setSaving(true);
    if (await onSave(values)) {
      guard.allowNavigation();
      afterSave();
      return;
    }
    setSaving(false);
  };

  const renderField = <K extends string>(
    group: 'personal' | 'company',
    f: FieldSpec<K>,
    value: string,
    error: FieldError | undefined,
    onChange: (value: string) => void,
  ) => {
    const id = `${group}.${f.key}`;
    const shown = show(id, error);
    return (
      <Field.Root key={id} required invalid={!!shown}>
        <Field.Label>{t(f.label)}<Field.RequiredIndicator /></Field.Label>
        <Input
          name={id}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={() => setTouched((s) => ({ ...s, [id]: true }))}
        />
        {shown && <Field.ErrorText>{t(ERROR_KEY[shown])}</Field.ErrorText>}
      </Field.Root>
    );
  };

  return (
    <Card.Root asChild>
      <form onSubmit={submit} noValidate data-testid="profile-form">
        <Card.Body>
          <Stack gap="6">
            <Stack gap="3">
              <Heading as="h2" size="md">{t('MyDetails')}</Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {PERSONAL.map((f) => renderField('personal', f, values.personal[f.key], personalErrors[f.key], (v) =>
                  setValues((s) => ({ ...s, personal: { ...s.personal, [f.key]: v } }))))}
              </SimpleGrid>
            </Stack>
            {companyChoice && (
              <RadioGroup.Root
                value={values.company ? 'yes' : 'no'}
                onValueChange={(e) => setValues((s) => ({ ...s, company: e.value === 'yes' ? (s.company ?? EMPTY_COMPANY) : null }))}
                aria-label={t('WorkingForCompany')}
              >
                <Stack gap="2">
                  <Text fontWeight="medium" textStyle="sm">{t('WorkingForCompany')}</Text>
                  <HStack gap="6">
                    {(['yes', 'no'] as const).map((v) => (
                      <RadioGroup.Item key={v} value={v}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(v === 'yes' ? 'common:Yes' : 'common:No')}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </Stack>
              </RadioGroup.Root>
            )}
            {values.company && (
              <Stack gap="3">
                <Heading as="h2" size="md">{t('CompanyDetails')}</Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {COMPANY.map((f) => renderField('company', f, values.company?.[f.key] ?? '', companyErrors[f.key], (v) =>
                    setValues((s) => ({ ...s, company: { ...(s.company ?? EMPTY_COMPANY), [f.key]: v } }))))}
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap="2">
          <Button type="button" variant="outline" onClick={goBack}>{t('common:GoBack')}</Button>
          <Button type="submit" colorPalette="blue" {...pageAction} loading={saving}>{t('common:Save')}</Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
