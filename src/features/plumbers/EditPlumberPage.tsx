/**
 * Edit plumber profile (/plumbers/edit/{id}): spec 1 §2, §5 "Employee/plumber edit", §6. Ours (issue 24
 * §4), for an admin only: the plumber's own base, where their days start and end instead of the
 * company's (latitude and longitude, both or neither, typed with a comma or a point); it is sent only
 * when it changed.
 */
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Button, Card, Field, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Plumber } from '../../domain/api';
import { validatePlumberInformation, type PlumberInformation } from '../../domain/validation';
import { plumberBaseOfForm, type SettingError } from '../../domain/settings/company';
import { useSession } from '../../data/session';
import { BackIcon, BlockIcon, EmptyView, PageLayout, snackbar, useGoBack, pageAction } from '../../ui';
import { useUnsavedChangesGuard } from '../../ui/useUnsavedChangesGuard';
import { updatePlumberInformation } from './api/updatePlumberInformation';
import { usePlumber } from './api/fetchPlumber';
import { PlumberView } from './PlumberView';


export function EditPlumberPage() {
  const session = useSession();
  const { t } = useTranslation('plumbers');
  const { id } = useParams();
  const plumberId = Number(id);
  // Only an admin, or the plumber editing themself (spec 1 §6).
  const allowed = !!session && (session.isAdmin || plumberId === session.registrationId);
  if (!allowed) {
    return (
      <PageLayout top={<GoBackLink />}>
        <EmptyView title={t('common:AccessDenied')} description={t('NoEditAccess')} icon={<BlockIcon color="red.solid" />} />
      </PageLayout>
    );
  }
  return <EditPlumber key={plumberId} id={plumberId} admin={session.isAdmin} />;
}

function GoBackLink() {
  const { t } = useTranslation();
  const goBack = useGoBack('/plumbers');
  return (
    <Link as="button" color="blue.fg" alignSelf="flex-start" onClick={goBack}>
      <BackIcon /> {t('GoBack')}
    </Link>
  );
}

function EditPlumber({ id, admin }: { id: number; admin: boolean }) {
  const read = usePlumber(id);
  // Editing needs the server's current copy: offline shows the notice, not a stale form.
  if (read.status === 'ready' && read.data) return <EditPlumberForm plumber={read.data} admin={admin} />;
  return <PageLayout top={<GoBackLink />}><PlumberView read={read}>{() => null}</PlumberView></PageLayout>;
}

const FIELDS: { key: keyof PlumberInformation; label: string; error: string; autoComplete: string; type?: string }[] = [
  { key: 'displayName', label: 'DisplayName', error: 'InvalidDisplayName', autoComplete: 'nickname' },
  { key: 'firstName', label: 'FirstName', error: 'InvalidName', autoComplete: 'given-name' },
  { key: 'lastName', label: 'LastName', error: 'InvalidName', autoComplete: 'family-name' },
  { key: 'telephone', label: 'PhoneNumber', error: 'InvalidPhone', autoComplete: 'tel', type: 'tel' },
];

type BaseField = 'baseLatitude' | 'baseLongitude';
const BASE_FIELDS: { key: BaseField; label: string; testId: string }[] = [
  { key: 'baseLatitude', label: 'BaseLatitude', testId: 'plumber-base-latitude' },
  { key: 'baseLongitude', label: 'BaseLongitude', testId: 'plumber-base-longitude' },
];
const BASE_ERROR: Record<SettingError, string> = {
  BaseNeedsBoth: 'BaseNeedsBoth', OutOfRange: 'BaseOutOfRange', InvalidInput: 'BaseInvalid',
  DurationMustBePositive: 'BaseInvalid', InvalidChoice: 'BaseInvalid', ReminderNeedsValue: 'BaseInvalid',
};

function EditPlumberForm({ plumber, admin }: { plumber: Plumber; admin: boolean }) {
  const { t, i18n } = useTranslation('plumbers');
  const goBack = useGoBack('/plumbers');
  // The base is shown with the language's decimal sign and sent with a point.
  const decimalSign = i18n.language.startsWith('nb') ? ',' : '.';
  const initialBase = useMemo<Record<BaseField, string>>(() => ({
    baseLatitude: plumber.baseLatitude == null ? '' : String(plumber.baseLatitude).replace('.', decimalSign),
    baseLongitude: plumber.baseLongitude == null ? '' : String(plumber.baseLongitude).replace('.', decimalSign),
  }), [plumber, decimalSign]);
  const [base, setBase] = useState(initialBase);
  const initial = useMemo<PlumberInformation>(() => ({
    displayName: plumber.displayName ?? '',
    firstName: plumber.firstName ?? '',
    lastName: plumber.lastName ?? '',
    telephone: plumber.telephone ?? '',
  }), [plumber]);
  const [values, setValues] = useState<PlumberInformation>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof PlumberInformation, boolean>>>({});
  const [saving, setSaving] = useState(false);

  const errors = validatePlumberInformation(values);
  const baseChanged = base.baseLatitude !== initialBase.baseLatitude || base.baseLongitude !== initialBase.baseLongitude;
  const baseRead = plumberBaseOfForm(base.baseLatitude, base.baseLongitude);
  const baseError = baseChanged && !baseRead.ok ? baseRead : null;
  const valid = Object.keys(errors).length === 0 && !baseError;
  const dirty = FIELDS.some((f) => values[f.key] !== initial[f.key]) || baseChanged;
  const guard = useUnsavedChangesGuard(dirty && !saving);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || !dirty || saving) return;
    setSaving(true);
    try {
      // Only a changed base is sent (only an admin may set one).
      const newBase = baseChanged && baseRead.ok ? { baseLatitude: baseRead.baseLatitude, baseLongitude: baseRead.baseLongitude } : {};
      await updatePlumberInformation({ ...values, objectId: plumber.userId, ...newBase });
    } catch {
      setSaving(false);
      snackbar.error(t('common:SomethingWentWrong'), t('common:PleaseTryAgain'));
      return;
    }
    snackbar.success(t('PlumberInformationUpdated'));
    guard.allowNavigation();
    goBack();
  };

  return (
    <PageLayout top={<GoBackLink />} heading={t('EditPlumberProfile')} maxW="2xl">
      <Card.Root asChild>
        <form onSubmit={submit} noValidate data-testid="edit-plumber-form">
          <Card.Body>
            <Stack gap="4">
              {FIELDS.map((f) => {
                const showError = !!errors[f.key] && (touched[f.key] || values[f.key] !== initial[f.key]);
                return (
                  <Field.Root key={f.key} required invalid={showError}>
                    <Field.Label>{t(f.label)}<Field.RequiredIndicator /></Field.Label>
                    <Input
                      name={f.key}
                      type={f.type ?? 'text'}
                      autoComplete={f.autoComplete}
                      value={values[f.key]}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setValues((v) => ({ ...v, [f.key]: value }));
                      }}
                      onBlur={() => setTouched((s) => ({ ...s, [f.key]: true }))}
                    />
                    <Field.ErrorText>{t(f.error)}</Field.ErrorText>
                  </Field.Root>
                );
              })}
              {admin && (
                <Stack gap="2" data-testid="plumber-base">
                  <Heading as="h3" size="sm">{t('Base')}</Heading>
                  <Text fontSize="sm" color="fg.muted">{t('BaseHelp')}</Text>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {BASE_FIELDS.map((f) => (
                      <Field.Root key={f.key} invalid={baseError?.field === f.key}>
                        <Field.Label>{t(f.label)}</Field.Label>
                        <Input
                          name={f.key} inputMode="decimal" maxLength={9} data-testid={f.testId} value={base[f.key]}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setBase((b) => ({ ...b, [f.key]: value }));
                          }}
                        />
                        {baseError?.field === f.key && <Field.ErrorText>{t(BASE_ERROR[baseError.error])}</Field.ErrorText>}
                      </Field.Root>
                    ))}
                  </SimpleGrid>
                </Stack>
              )}
              <HStack>
                <Text>{t('GdprConsent')}:</Text>
                <Badge colorPalette={plumber.gdprConsent ? 'green' : 'gray'} data-testid="gdpr-consent">
                  {t(plumber.gdprConsent ? 'GdprGiven' : 'GdprNotGiven')}
                </Badge>
              </HStack>
            </Stack>
          </Card.Body>
          <Card.Footer justifyContent="flex-end" gap="2">
            <Button type="button" variant="outline" onClick={goBack}>{t('common:GoBack')}</Button>
            <Button type="submit" colorPalette="blue" {...pageAction} disabled={!valid || !dirty} loading={saving}>{t('common:Save')}</Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </PageLayout>
  );
}
