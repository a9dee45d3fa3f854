/** About (/about): product owner, logo, copyright line (2024) and organisation number. */
import { Card, DataList, Image, Stack, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui';
import { COPYRIGHT_YEAR, formatOrgNumber, PRODUCT_OWNER } from '../../ui/installation';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <PageLayout heading={t('About.Heading')} maxW="2xl">
      <Card.Root data-testid="about">
        <Card.Body>
          <Stack gap="6">
            <VStack gap="3">
              <Image src="/icons/icon.svg" alt={t('About.LogoAlt')} boxSize="96px" />
              <Text fontSize="2xl" fontWeight="bold">{t('AppName')}</Text>
              <Text color="fg.muted" textAlign="center">{t('About.Description')}</Text>
            </VStack>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('About.ProductOwner')}</DataList.ItemLabel>
                <DataList.ItemValue>{PRODUCT_OWNER.name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('About.OrgNumber')}</DataList.ItemLabel>
                <DataList.ItemValue>{formatOrgNumber(PRODUCT_OWNER.orgNumber)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              {t('About.Copyright', { year: COPYRIGHT_YEAR, owner: PRODUCT_OWNER.name })}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PageLayout>
  );
}
