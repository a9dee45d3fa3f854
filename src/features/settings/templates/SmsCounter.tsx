/**
 * What a message costs (src/domain/sms/segments.ts): characters, SMS, room left, and what forces UCS-2.
 * Counted with the company's real values (templateCost): its shortest and longest meter address, not
 * the preview's example, so "1–2 SMS" shows when some addresses cost more.
 */
import { Alert, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { templateCost, type MergeValues, type MeterAddressRange } from '../../../domain/settings/company';

export function SmsCounter({ text, values, addresses }: { text: string; values: MergeValues; addresses: MeterAddressRange | null }) {
  const { t } = useTranslation('companySettings');
  const { min, max, nonGsmAddress } = templateCost(text, values, addresses);
  const quote = (chars: string[]) => chars.map((c) => `«${c}»`).join(', ');
  return (
    <>
      <HStack gap="4" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="sms-counter">
        <Text>
          {min.characters === max.characters
            ? t('Templates.Characters', { count: max.characters })
            : t('Templates.CharactersRange', { min: min.characters, max: max.characters })}
        </Text>
        <Text fontWeight="semibold" color="fg" data-testid="sms-segments">
          {min.segments === max.segments
            ? t('Templates.Segments', { count: max.segments })
            : t('Templates.SegmentsRange', { min: min.segments, max: max.segments })}
        </Text>
        {/* Room left in the dearest message: that is the one a longer text tips into another SMS. */}
        <Text>{t('Templates.Remaining', { count: max.remainingInSegment })}</Text>
      </HStack>
      {addresses && addresses.addressCount > 0 && text.includes('#MeterAddress#') && (
        <Text fontSize="sm" color="fg.muted" data-testid="sms-counter-basis">
          {t('Templates.CountedWithAddresses', { count: addresses.addressCount })}
        </Text>
      )}
      {min.encoding === 'UCS-2' && (
        <Alert.Root status="warning" data-testid="ucs2-warning">
          <Alert.Indicator />
          <Alert.Title>{t('Templates.Ucs2Warning', { chars: quote(min.ucs2Culprits) })}</Alert.Title>
        </Alert.Root>
      )}
      {nonGsmAddress && (
        <Alert.Root status="warning" data-testid="address-ucs2-warning">
          <Alert.Indicator />
          <Alert.Title>{t('Templates.AddressUcs2Warning', { address: nonGsmAddress.address, chars: quote(nonGsmAddress.characters) })}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}
