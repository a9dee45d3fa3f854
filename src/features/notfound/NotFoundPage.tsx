/** /notfound: '404', a not-found text and a link back to the job list (spec 1 §2, §8). */
import { Link as RouterLink } from 'react-router-dom';
import { Button, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../ui';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <VStack gap="4" py="12" textAlign="center" data-testid="not-found">
        <Text fontSize="6xl" fontWeight="bold" lineHeight="1" color="blue.fg">404</Text>
        <Text fontSize="lg">{t('NotFoundText')}</Text>
        <Button asChild colorPalette="blue"><RouterLink to="/joblist">{t('BackToList')}</RouterLink></Button>
      </VStack>
    </PageLayout>
  );
}
