/** Who else has the shown plumber's week open (usePresence.ts), in the calendar's top bar; said aloud as it changes. */
import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from '../../../ui';
import { usePresence } from './usePresence';
import type { IsoWeekRef } from './weeks';

export function WeekPresence({ plumberId, week }: { plumberId: number; week: IsoWeekRef }) {
  const { t, i18n } = useTranslation('planning');
  const viewers = usePresence(plumberId, week);
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(viewers.map((v) => v.name));
  return (
    <Box aria-live="polite" alignSelf="center" mt="6" data-testid="calendar-presence" data-count={viewers.length}>
      {viewers.length > 0 && (
        <HStack gap="2" px="3" py="1" rounded="full" bg="blue.subtle" color="blue.fg" fontSize="sm" title={t('Calendar.Presence.Title')}>
          <GroupIcon aria-hidden />
          <Text>{t('Calendar.Presence.Others', { count: viewers.length, names })}</Text>
        </HStack>
      )}
    </Box>
  );
}
