/**
 * What the plumber recorded in a refused change (the report, notes, readings, photos), read from the
 * queued command and the device's photo copies: no route, no network, so it stays readable offline
 * until the change is discarded, also when the server took the job off the device.
 */
import { useEffect, useState } from 'react';
import { Box, DataList, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../data/commands';
import { db } from '../../data/db';
import type { StoredPhoto } from '../../data/photos/types';
import { formatDateTime } from '../../domain/format';
import type { FieldValue } from '../../domain/tasks/view';
import { recordedOf } from './describe';

export function RecordedChange({ entry }: { entry: OutboxEntry }) {
  // jobs: the task forms' field names, which the report's rows use.
  const { t } = useTranslation(['sync', 'syncDetails', 'jobs']);
  const recorded = recordedOf(entry);
  const ids = recorded.photoIds;
  const photos = useLiveQuery(() => db.photos.bulkGet(ids), [ids.join(',')]);
  const empty = recorded.sections.length === 0 && ids.length === 0;

  return (
    <Stack gap="3" mt="2" p="2" bg="bg.muted" borderRadius="md" fontSize="sm" data-testid="failed-recorded">
      {empty && <Text color="fg.muted">{t('syncDetails:Recorded.NothingMore')}</Text>}
      {recorded.sections.map((section, i) => (
        <Box key={`${section.titleKey}-${i}`}>
          <Text fontWeight="semibold" mb="1">{t(section.titleKey)}</Text>
          <DataList.Root orientation="horizontal" gap="1" size="sm">
            {section.rows.map((row) => (
              <DataList.Item key={row.labelKey}>
                <DataList.ItemLabel>{t(row.labelKey)}</DataList.ItemLabel>
                <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word"><Value value={row.value} /></DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
      ))}
      {ids.length > 0 && (
        <Box>
          <Text fontWeight="semibold" mb="1">{t('syncDetails:Recorded.Photos')}</Text>
          <HStack gap="2" wrap="wrap">
            {ids.map((id, i) => {
              const photo = photos?.[i];
              return photo && !photo.deleted ? <Thumb key={id} photo={photo} /> : photos && <Text key={id} color="fg.muted" data-testid="recorded-photo-gone">{t('syncDetails:Recorded.PhotoGone')}</Text>;
            })}
          </HStack>
        </Box>
      )}
    </Stack>
  );
}

function Value({ value }: { value: FieldValue }) {
  const { t } = useTranslation(['sync', 'syncDetails', 'jobs']);
  switch (value.kind) {
    case 'bool': return <>{t(value.value ? 'jobs:Yes' : 'jobs:No')}</>;
    case 'date': return <>{formatDateTime(value.value)}</>;
    case 'label': return <>{t(`jobs:${value.value}`)}</>;
    case 'list': return <List.Root ps="4">{value.value.map((v, i) => <List.Item key={i}>{v}</List.Item>)}</List.Root>;
    default: return <>{value.value}</>;
  }
}

/** The device's thumbnail of the photo. */
function Thumb({ photo }: { photo: StoredPhoto }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(photo.thumb);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [photo.thumb]);
  if (!url) return null;
  return <Image src={url} alt={photo.fileName} boxSize="16" objectFit="cover" borderRadius="sm" data-testid="recorded-photo" />;
}
