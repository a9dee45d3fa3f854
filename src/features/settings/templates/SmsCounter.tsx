/** What a message costs (src/domain/smsSegments.ts): characters, SMS, room left, and what forces UCS-2. */
import { Alert, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { countSms } from '../../../domain/smsSegments';

export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation('companySettings');
  const count = countSms(text);
  return (
    <>
      <HStack gap="4" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="sms-counter">
        <Text>{t('Templates.Characters', { count: count.characters })}</Text>
        <Text fontWeight="semibold" color="fg" data-testid="sms-segments">{t('Templates.Segments', { count: count.segments })}</Text>
        <Text>{t('Templates.Remaining', { count: count.remainingInSegment })}</Text>
      </HStack>
      {count.encoding === 'UCS-2' && (
        <Alert.Root status="warning" data-testid="ucs2-warning">
          <Alert.Indicator />
          <Alert.Title>{t('Templates.Ucs2Warning', { chars: count.ucs2Culprits.map((c) => `«${c}»`).join(', ') })}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}
