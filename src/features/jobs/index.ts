export { JobListPage } from './JobListPage';
export { NewJobPage } from './NewJobPage';
export { EditJobPage } from './EditJobPage';
export { JobDetailsPage } from './JobDetailsPage';
export { JobLocationPage } from './JobLocationPage';
export { TaskDetailsPage } from './TaskDetailsPage';
export { keepJobListWarm, keptJobListAnswer } from './jobListStore';
