/**
 * What a signed-out visitor sees (spec 1 §1): sign-in with the new login solution, the old-solution
 * sign-in, company registration, a guide to creating a new user, and the banner and modal about the
 * move to the new login solution with the support contact. Layout steps: mobile, tablet ≥ 768 px,
 * laptop ≥ 1024 px (spec 1 §9).
 */
import { useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, Link, List, Portal, Stack, Text,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NEW_LOGIN_INVITATION_DAYS } from '../../domain/constants';
import { setLanguage } from '../../i18n';
import { HelpIcon, InfoIcon, snackbar } from '../../ui';
import { LanguageIcon, MailIcon, PhoneIcon } from '../../ui/screenIcons';
import { SUPPORT_CONTACT } from '../../ui/installation';

export interface LandingPageProps {
  registrationUrl: string | null;
  error: 'unreachable' | 'signInFailed' | null;
  /** authClient's signIn, handed in by AuthGate: the page is loaded by authClient and must not import it back. */
  signIn: (opts: { prompt?: 'login' }) => Promise<void>;
}

const HELP_STEPS = ['Step1', 'Step2', 'Step3', 'Step4', 'Step5', 'Step6'] as const;

function SupportContact() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="1" data-testid="support-contact">
      <HStack gap="2">
        <MailIcon color="fg.muted" aria-hidden />
        <Text as="span" srOnly>{t('Support.Email')}</Text>
        <Link href={`mailto:${SUPPORT_CONTACT.email}`} colorPalette="blue">{SUPPORT_CONTACT.email}</Link>
      </HStack>
      {SUPPORT_CONTACT.phone && (
        <HStack gap="2">
          <PhoneIcon color="fg.muted" aria-hidden />
          <Text as="span" srOnly>{t('Support.Phone')}</Text>
          <Link href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`} colorPalette="blue">{SUPPORT_CONTACT.phone}</Link>
        </HStack>
      )}
    </Stack>
  );
}

interface InfoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}

function InfoDialog({ open, onClose, title, testId, children }: InfoDialogProps) {
  const { t } = useTranslation('auth');
  return (
    <Dialog.Root open={open} onOpenChange={(e) => { if (!e.open) onClose(); }} placement="center" size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('NewLogin.Close')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('NewLogin.Close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function LandingPage({ registrationUrl, error, signIn }: LandingPageProps) {
  const { t, i18n } = useTranslation('auth');
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const days = NEW_LOGIN_INVITATION_DAYS;
  const otherLanguage = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'nb' : 'en';

  const start = async (prompt?: 'login') => {
    setBusy(true);
    try {
      await signIn({ prompt });
    } catch {
      snackbar.error(t('Landing.SignInFailed'));
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle" data-testid="landing-page">
      <Alert.Root status="info" borderRadius="0" px={{ base: '4', md: '6', lg: '10' }} data-testid="new-login-banner">
        <Alert.Indicator />
        <Flex flex="1" direction={{ base: 'column', md: 'row' }} gap={{ base: '2', md: '4' }} align={{ base: 'stretch', md: 'center' }}>
          <Alert.Content flex="1">
            <Alert.Title>{t('NewLogin.BannerTitle')}</Alert.Title>
            <Alert.Description>{t('NewLogin.BannerText', { days })}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" colorPalette="blue" onClick={() => setNoticeOpen(true)} alignSelf={{ base: 'flex-start', md: 'center' }}>
            {t('NewLogin.ReadMore')}
          </Button>
        </Flex>
      </Alert.Root>

      <Box as="main" flex="1" w="100%" maxW={{ base: '100%', md: '720px', lg: '1040px' }} mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10', lg: '16' }}>
        <HStack justify="space-between" align="start" mb={{ base: '6', lg: '10' }} gap="4">
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl', lg: '4xl' }} color="blue.fg">{t('Landing.Title')}</Heading>
            <Text fontSize={{ base: 'md', lg: 'lg' }} color="fg.muted" maxW="40rem">{t('Landing.Tagline')}</Text>
          </Stack>
          <Button variant="ghost" size="sm" onClick={() => void setLanguage(otherLanguage)} lang={otherLanguage}>
            <LanguageIcon />
            {t('Landing.OtherLanguage')}
          </Button>
        </HStack>

        {error && (
          <Alert.Root status="error" mb="6" data-testid="sign-in-error">
            <Alert.Indicator />
            <Alert.Title>{error === 'unreachable' ? t('Landing.Unreachable') : t('Landing.SignInFailed')}</Alert.Title>
          </Alert.Root>
        )}

        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', md: '6' }}>
          <Box flex="1" bg="bg" borderRadius="l3" borderWidth="1px" p={{ base: '5', md: '8' }} boxShadow="sm">
            <Stack gap="4">
              <Heading as="h2" size="lg">{t('Landing.SignInHeading')}</Heading>
              <Stack gap="1">
                <Button size="lg" colorPalette="blue" loading={busy} onClick={() => void start()} data-testid="sign-in">
                  {t('Landing.SignIn')}
                </Button>
                <Text fontSize="sm" color="fg.muted" textAlign="center">{t('Landing.SignInHint')}</Text>
              </Stack>
              <Button size="lg" variant="outline" disabled={busy} onClick={() => void start('login')} data-testid="old-sign-in">
                {t('Landing.OldSignIn')}
              </Button>
            </Stack>
          </Box>

          <Box flex="1" bg="bg" borderRadius="l3" borderWidth="1px" p={{ base: '5', md: '8' }} boxShadow="sm">
            <Stack gap="4">
              <Heading as="h2" size="lg">{t('Landing.NewUserHeading')}</Heading>
              <Text color="fg.muted">{t('Landing.RegisterHint')}</Text>
              {registrationUrl && (
                <Button asChild size="lg" variant="subtle" colorPalette="blue">
                  <a href={registrationUrl} data-testid="company-registration">{t('Landing.Register')}</a>
                </Button>
              )}
              <Button variant="ghost" onClick={() => setHelpOpen(true)} data-testid="new-user-help">
                <HelpIcon />
                {t('Landing.NewUserHelp')}
              </Button>
            </Stack>
          </Box>
        </Flex>

        <Stack gap="2" mt={{ base: '8', lg: '12' }}>
          <Heading as="h2" size="md">{t('Landing.SupportHeading')}</Heading>
          <SupportContact />
        </Stack>
      </Box>

      <InfoDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} title={t('NewLogin.ModalTitle')} testId="new-login-modal">
        <Stack gap="3">
          <HStack align="start" gap="2">
            <InfoIcon color="blue.fg" mt="0.5" />
            <Text>{t('NewLogin.ModalIntro')}</Text>
          </HStack>
          <Text fontWeight="semibold">{t('NewLogin.ModalInvitation', { days })}</Text>
          <Text>{t('NewLogin.ModalOld')}</Text>
          <Text>{t('NewLogin.ModalSupport')}</Text>
          <SupportContact />
        </Stack>
      </InfoDialog>

      <InfoDialog open={helpOpen} onClose={() => setHelpOpen(false)} title={t('Help.Title')} testId="new-user-help-dialog">
        <Stack gap="3">
          <Text>{t('Help.Intro')}</Text>
          <List.Root as="ol" gap="2" ps="5">
            {HELP_STEPS.map((step) => <List.Item key={step}>{t(`Help.${step}`)}</List.Item>)}
          </List.Root>
          <Text color="fg.muted">{t('Help.AdminNote')}</Text>
          <SupportContact />
        </Stack>
      </InfoDialog>
    </Flex>
  );
}
