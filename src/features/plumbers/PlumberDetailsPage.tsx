/** Plumber details (/plumbers/{id}, admin): spec 1 §2. Read again when a user of the company changed (UsersChanged). */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Avatar, Badge, Button, Card, DataList, HStack, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Plumber, PlumberJobCounts } from '../../domain/api';
import { useSession } from '../../data/session';
import { formatDate } from '../../domain/format';
import { AccessDenied, BackIcon, PageLayout } from '../../ui';
import { EditIcon } from '../../ui/screenIcons';
import { usePlumber } from './api/fetchPlumber';
import { usePlumberJobCounts } from './api/fetchPlumberJobCounts';
import { PlumberView } from './PlumberView';
import { runPlumberAction } from './actions';
import { ACTION_TEXTS, applyStatusChange, detailsActions, plumberName, type PlumberAction } from './plumberRules';
import { StatusBadge } from './StatusBadge';
import { useUsersChanged } from './useUsersChanged';


export function PlumberDetailsPage() {
  const session = useSession();
  const { id } = useParams();
  if (!session?.isAdmin) return <AccessDenied />;
  return <PlumberDetails key={id} id={Number(id)} />;
}

function PlumberDetails({ id }: { id: number }) {
  const { t } = useTranslation('plumbers');
  const read = usePlumber(id);
  useUsersChanged(read.refetch);
  // The counts are extra: without them the page shows dashes, never an error of its own.
  const counts = usePlumberJobCounts(id).data;

  const act = async (plumber: Plumber, action: PlumberAction) => {
    if (await runPlumberAction(t, plumber, action)) read.mutate(applyStatusChange([plumber], plumber.id, action)[0]);
  };

  const back = (
    <Link asChild color="blue.fg" alignSelf="flex-start">
      <RouterLink to="/plumbers"><BackIcon /> {t('BackToPlumbers')}</RouterLink>
    </Link>
  );

  return (
    <PageLayout top={back} maxW="3xl">
      <PlumberView read={read}>
        {(plumber) => <PlumberCard plumber={plumber} counts={counts} onAction={act} />}
      </PlumberView>
    </PageLayout>
  );
}

function PlumberCard({ plumber, counts, onAction: act }: {
  plumber: Plumber; counts: PlumberJobCounts | undefined; onAction: (p: Plumber, a: PlumberAction) => void;
}) {
  const { t } = useTranslation('plumbers');
  const name = plumberName(plumber);
  return (
      <Card.Root data-testid="plumber-details">
        <Card.Body>
          <Stack gap="5">
            <HStack gap="4" align="center">
              <Avatar.Root size="2xl" colorPalette="blue">
                <Avatar.Fallback name={name}>{plumber.plumberInitials || undefined}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap="1">
                <Text fontSize="xl" fontWeight="semibold">{name}</Text>
                <HStack><StatusBadge status={plumber.userStatus} /></HStack>
              </Stack>
            </HStack>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('Email')}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{plumber.email}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('Phone')}</DataList.ItemLabel>
                <DataList.ItemValue>{plumber.telephone || t('NoPhone')}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('RegisteredDate')}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDate(plumber.registeredDate)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('GdprConsent')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={plumber.gdprConsent ? 'green' : 'gray'} data-testid="gdpr-consent">
                    {t(plumber.gdprConsent ? 'GdprGiven' : 'GdprNotGiven')}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <SimpleGrid columns={3} gap="3" data-testid="plumber-job-counts">
              {(['assigned', 'completed', 'pending'] as const).map((k) => (
                <Stat.Root key={k} borderWidth="1px" rounded="md" p="3">
                  <Stat.Label>{t(`Jobs.${k}`)}</Stat.Label>
                  <Stat.ValueText>{counts ? counts[k] : '–'}</Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
          </Stack>
        </Card.Body>
        <Card.Footer gap="2" justifyContent="flex-end" flexWrap="wrap">
          {detailsActions(plumber).map((a) => (
            <Button key={a} variant="outline" colorPalette={a === 'deactivate' ? 'red' : 'blue'} onClick={() => act(plumber, a)}>
              {t(ACTION_TEXTS[a].label)}
            </Button>
          ))}
          <Button asChild colorPalette="blue">
            <RouterLink to={`/plumbers/edit/${plumber.id}`}><EditIcon /> {t('common:Edit')}</RouterLink>
          </Button>
        </Card.Footer>
      </Card.Root>
  );
}
