/** Help and support (/helpsupport): three tutorials and contact details (spec 1 §1). */
import { Alert, Card, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui';
import { MailIcon, PhoneIcon } from '../../ui/screenIcons';
import { VideoIcon } from '../../ui/screenIcons';
import { PRODUCT_OWNER } from '../../ui/installation';
import { useContactInfo, type ContactInfo } from './api/fetchContactInfo';

const TUTORIALS = ['RegisterUser', 'CarryOutJob', 'ManagePlumbers'] as const;

export function HelpSupportPage() {
  const { t } = useTranslation();
  const contact = useContactInfo(PRODUCT_OWNER.supportEmail);

  return (
    <PageLayout heading={t('Help.Heading')}>
      <Stack gap="6">
        <Stack gap="3">
          <Heading as="h2" size="md">{t('Help.Tutorials')}</Heading>
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>{t('Help.VideosUnavailable')}</Alert.Description>
          </Alert.Root>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {TUTORIALS.map((key, i) => (
              <Card.Root key={key} size="sm" data-testid="tutorial">
                <Card.Body>
                  <Stack gap="2">
                    <HStack color="blue.fg"><VideoIcon /><Text fontSize="sm">{t('Help.TutorialNumber', { n: i + 1 })}</Text></HStack>
                    <Text fontWeight="semibold">{t(`Help.Tutorial.${key}.Title`)}</Text>
                    <Text fontSize="sm" color="fg.muted">{t(`Help.Tutorial.${key}.Description`)}</Text>
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <ContactCard title={t('Help.ProfessionalQuestions')} text={t('Help.ProfessionalQuestionsText')} contact={contact} />
          <ContactCard
            title={t('Help.TechnicalFaults')}
            text={t('Help.TechnicalFaultsText')}
            contact={contact && { emailAddress: PRODUCT_OWNER.supportEmail, phoneNumber: '' }}
          />
        </SimpleGrid>
      </Stack>
    </PageLayout>
  );
}

function ContactCard({ title, text, contact }: { title: string; text: string; contact: ContactInfo | null }) {
  const { t } = useTranslation();
  return (
    <Card.Root data-testid="contact">
      <Card.Body>
        <Stack gap="2">
          <Heading as="h3" size="sm">{title}</Heading>
          <Text fontSize="sm" color="fg.muted">{text}</Text>
          {contact ? (
            <>
              <HStack>
                <MailIcon aria-label={t('Help.Email')} />
                <Link href={`mailto:${contact.emailAddress}`} color="blue.fg">{contact.emailAddress}</Link>
              </HStack>
              {contact.phoneNumber && (
                <HStack>
                  <PhoneIcon aria-label={t('Help.Phone')} />
                  <Link href={`tel:${contact.phoneNumber.replace(/\s/g, '')}`} color="blue.fg">{contact.phoneNumber}</Link>
                </HStack>
              )}
            </>
          ) : <Skeleton height="5" width="60%" />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
