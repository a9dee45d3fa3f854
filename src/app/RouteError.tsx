/** Shown when a screen fails to render or its code cannot be loaded (e.g. offline before caching). */
import { Button, Center, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center minH="100dvh" p="6">
      <VStack gap="4" textAlign="center">
        <Text fontSize="xl" fontWeight="semibold">{t('SomethingWentWrong')}</Text>
        <Text color="fg.muted">{t('ScreenFailed')}</Text>
        <Button colorPalette="blue" onClick={() => window.location.reload()}>{t('Reload')}</Button>
      </VStack>
    </Center>
  );
}
