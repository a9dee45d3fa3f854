/** Profile screens (/profile/view, /profile/edit, /profile/create): spec 1 §2 "Profile screens". */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession, type Session } from '../../data/session';
import { EmptyView, LoadingState, PageLayout, PersonIcon, snackbar, useGoBack } from '../../ui';
import { EditIcon } from '../../ui/screenIcons';
import { formToProfile, formatPostcode, profileToForm, type ProfileFormValues } from './profileForm';
import { loadLocalProfile, registerProfileSync, saveLocalProfile, type LocalProfile } from './localProfile';
import { ProfileForm } from './ProfileForm';
import { Section } from '../../ui/form';

/** Navigation state the edit screen needs (spec: reachable only with profile data passed along). */
export interface ProfileEditState {
  profile: LocalProfile;
}

function isEditState(state: unknown): state is ProfileEditState {
  return typeof state === 'object' && state !== null && typeof (state as ProfileEditState).profile === 'object'
    && (state as ProfileEditState).profile !== null;
}

type ViewState = { status: 'loading' } | { status: 'ready'; profile: LocalProfile | null };

export function ProfileViewPage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const navigate = useNavigate();
  const goBack = useGoBack('/joblist');
  const email = session?.email ?? '';
  const [state, setState] = useState<ViewState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadLocalProfile(email).then((profile) => { if (live) setState({ status: 'ready', profile }); });
    return () => { live = false; };
  }, [email]);

  if (state.status === 'loading') return <PageLayout heading={t('MyProfile')}><LoadingState /></PageLayout>;
  const { profile } = state;
  if (!profile) {
    return (
      <PageLayout heading={t('MyProfile')}>
        <EmptyView
          title={t('NoProfileYet')}
          description={t('NoProfileYetDescription')}
          icon={<PersonIcon />}
          action={<Button asChild colorPalette="blue"><RouterLink to="/profile/create">{t('CreateProfile')}</RouterLink></Button>}
        />
      </PageLayout>
    );
  }
  const company = profile.companyInfo;
  return (
    <PageLayout heading={t('MyProfile')} maxW="3xl">
      <Stack gap="4" data-testid="profile-view">
        <Section title={t('MyDetails')} collapsible>
          <DataList.Root orientation="horizontal">
            <Row label={t('FirstName')} value={profile.firstName} />
            <Row label={t('LastName')} value={profile.lastName} />
            <Row label={t('Telephone')} value={profile.mobile} />
            <Row label={t('Email')} value={profile.email} />
            <Row label={t('WorkingForCompany')} value={t(company ? 'common:Yes' : 'common:No')} />
          </DataList.Root>
        </Section>
        <Section title={t('CompanyDetails')} collapsible>
          {company ? (
            <DataList.Root orientation="horizontal">
              <Row label={t('OrgNumber')} value={company.orgNumber} />
              <Row label={t('CompanyName')} value={company.name} />
              <Row label={t('Location')} value={company.address} />
              <Row label={t('PostalCode')} value={formatPostcode(company.postcode)} />
              <Row label={t('City')} value={company.city} />
              <Row label={t('CompanyTelephone')} value={company.telephone} />
              <Row label={t('CompanyEmail')} value={company.email} />
            </DataList.Root>
          ) : <Text color="fg.muted">{t('NoCompanyDetails')}</Text>}
        </Section>
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={goBack}>{t('common:GoBack')}</Button>
          <Button colorPalette="blue" onClick={() => navigate('/profile/edit', { state: { profile } satisfies ProfileEditState })}>
            <EditIcon /> {t('common:Edit')}
          </Button>
        </HStack>
      </Stack>
    </PageLayout>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Saves the profile for the signed-in user and reports the outcome; true when stored. */
function useSaveProfile(session: Session | null, previous: LocalProfile | null) {
  const { t } = useTranslation('profile');
  return async (values: ProfileFormValues): Promise<boolean> => {
    if (!session) return false;
    try {
      await saveLocalProfile(session.email, formToProfile(values, previous, new Date(), () => crypto.randomUUID()));
    } catch {
      snackbar.error(t('ProfileUpdateFailed'));
      return false;
    }
    snackbar.success(t('ProfileUpdated'));
    void registerProfileSync();
    return true;
  };
}

export function ProfileEditPage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const location = useLocation();
  const goBack = useGoBack('/profile/view');
  const state: unknown = location.state;
  const profile = isEditState(state) ? state.profile : null;
  const save = useSaveProfile(session, profile);
  const redirected = useRef(false);

  useEffect(() => {
    if (profile || redirected.current) return;
    redirected.current = true;
    snackbar.error(t('common:Redirecting'), t('common:NoPageAccess'));
    goBack();
  }, [profile, goBack, t]);

  if (!profile) return null;
  return (
    <PageLayout heading={t('EditProfile')} maxW="3xl">
      <ProfileForm
        initial={profileToForm(profile)}
        companyChoice={false}
        onSave={save}
        afterSave={goBack}
      />
    </PageLayout>
  );
}

export function ProfileCreatePage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const save = useSaveProfile(session, null);
  const goBack = useGoBack('/profile/view');
  const [first, ...rest] = (session?.name ?? '').trim().split(/\s+/);
  const initial: ProfileFormValues = {
    personal: { firstName: first ?? '', lastName: rest.join(' '), telephone: '', email: session?.email ?? '' },
    company: null,
  };
  return (
    <PageLayout heading={t('CreateProfile')} maxW="3xl">
      <ProfileForm initial={initial} companyChoice onSave={save} afterSave={goBack} />
    </PageLayout>
  );
}
