/** Job location (/job/details/{id}/location): the map itself loads on demand. */
import { lazy, Suspense } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../../data/session';
import { BackIcon, LoadingState, PageLayout } from '../../ui';
import { useJob } from './hooks';

const JobLocationMap = lazy(() => import('./location/JobLocationMap'));

export function JobLocationPage() {
  const { t } = useTranslation('jobs');
  const { id } = useParams();
  const navigate = useNavigate();
  const job = useJob(id);
  const session = useSession();

  if (job === undefined || !session) return <LoadingState />;
  if (job === null) return <Navigate to="/notfound" replace />;

  return (
    <PageLayout
      maxW="7xl"
      top={(
        <Button variant="plain" alignSelf="start" px="0" data-testid="go-back" onClick={() => navigate(`/job/${job.jobId}`)}>
          <BackIcon /> {t('GoBack')}
        </Button>
      )}
    >
      <Text fontWeight="semibold" data-testid="job-location-address">{job.subscriberText}</Text>
      <Suspense fallback={<LoadingState />}>
        <JobLocationMap job={job} customerNumber={session.customerNumber} />
      </Suspense>
    </PageLayout>
  );
}
