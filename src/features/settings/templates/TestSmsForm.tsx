/**
 * "Send test-SMS" for the selected template: the server renders it as the preview does (the company's
 * name and phone, the example date, time and address) and sends it once, to the admin's own mobile
 * or the number given here. The server counts what it cost; the snackbar says to whom and how many
 * SMS. Sending what is saved only: with unsaved edits the button waits for a save.
 */
import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TEST_SMS_PER_HOUR } from '../../../domain/settings/company';
import { toNorwegianE164 } from '../../../domain/validation';
import { snackbar } from '../../../ui';
import { sendTestSms, testSmsErrorKey } from './api/sendTestSms';

export function TestSmsForm({ templateId, unsaved }: { templateId: number; unsaved: boolean }) {
  const { t } = useTranslation('companySettings');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const invalid = phone.trim() !== '' && toNorwegianE164(phone) === null;

  const send = async () => {
    setBusy(true);
    try {
      const sent = await sendTestSms(templateId, phone.trim() ? { to: phone.trim() } : {});
      snackbar.success(t('Templates.TestSms.Sent', { to: sent.to, count: sent.segments }));
    } catch (e) {
      snackbar.error(t(testSmsErrorKey(e), { max: TEST_SMS_PER_HOUR }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="test-sms">
      <Text fontWeight="medium">{t('Templates.TestSms.Heading')}</Text>
      <HStack align="flex-start" gap="3" wrap="wrap">
        <Field.Root invalid={invalid} maxW="xs">
          <Field.Label>{t('Templates.TestSms.Phone')}</Field.Label>
          <Input
            type="tel" inputMode="tel" autoComplete="tel" maxLength={20} value={phone} placeholder={t('Templates.TestSms.PhonePlaceholder')}
            onChange={(e) => setPhone(e.target.value)} data-testid="test-sms-phone"
          />
          {invalid
            ? <Field.ErrorText>{t('Templates.TestSms.InvalidPhone')}</Field.ErrorText>
            : <Field.HelperText>{t('Templates.TestSms.PhoneHelp')}</Field.HelperText>}
        </Field.Root>
        <Button
          variant="outline" mt={{ base: 0, sm: '6' }} onClick={() => { void send(); }} disabled={unsaved || invalid} loading={busy}
          data-testid="send-test-sms"
        >
          {t('Templates.TestSms.Send')}
        </Button>
      </HStack>
      {unsaved && <Text fontSize="sm" color="fg.muted" data-testid="test-sms-save-first">{t('Templates.TestSms.SaveFirst')}</Text>}
    </Stack>
  );
}
