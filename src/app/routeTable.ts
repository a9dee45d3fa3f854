/**
 * The route table of spec 1 §2, exactly: every path matches exactly and every unknown path goes to
 * /schedule. Besides the table, §2 names the page shown after creating a job, which is routed too. Screens built by later issues stay listed (screen null) and redirect to /schedule
 * until those issues build them.
 */
export type ScreenId =
  | 'schedule' | 'about' | 'helpSupport' | 'profileCreate' | 'profileView' | 'profileEdit'
  | 'plumbers' | 'plumberDetails' | 'plumberEdit' | 'jobList' | 'jobCreate' | 'jobEdit' | 'jobDetails'
  | 'taskDetails' | 'jobLocation' | 'dashboard' | 'settings' | 'planning' | 'calendar' | 'notFound' | 'scheduleHistory'
  | 'scheduleItemContact' | 'errorHandling';

export interface RouteEntry {
  path: string;
  /** null: the screen is built by a later issue; the path redirects to FALLBACK_PATH meanwhile. */
  screen: ScreenId | null;
  /** Key of the header title in the common namespace. */
  titleKey: string;
  /** Top-level pages (menu targets) show the home icon; all others a back icon. */
  topLevel: boolean;
}

export const FALLBACK_PATH = '/schedule';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/schedule', screen: 'schedule', titleKey: 'Title.Schedule', topLevel: true },
  { path: '/schedule/history', screen: 'scheduleHistory', titleKey: 'Title.ScheduleHistory', topLevel: false },
  { path: '/schedule/plan', screen: 'planning', titleKey: 'Title.Planning', topLevel: true },
  { path: '/schedule/plan/edit/:id', screen: 'planning', titleKey: 'Title.EditPlanning', topLevel: false },
  { path: '/schedule/calendar', screen: 'calendar', titleKey: 'Title.ScheduleCalendar', topLevel: true },
  { path: '/about', screen: 'about', titleKey: 'Title.About', topLevel: true },
  { path: '/helpsupport', screen: 'helpSupport', titleKey: 'Title.HelpSupport', topLevel: true },
  { path: '/profile/create', screen: 'profileCreate', titleKey: 'Title.ProfileCreate', topLevel: false },
  { path: '/profile/view', screen: 'profileView', titleKey: 'Title.ProfileView', topLevel: true },
  { path: '/profile/edit', screen: 'profileEdit', titleKey: 'Title.ProfileEdit', topLevel: false },
  { path: '/plumbers', screen: 'plumbers', titleKey: 'Title.Plumbers', topLevel: true },
  { path: '/plumbers/:id', screen: 'plumberDetails', titleKey: 'Title.PlumberDetails', topLevel: false },
  { path: '/plumbers/edit/:id', screen: 'plumberEdit', titleKey: 'Title.PlumberEdit', topLevel: false },
  { path: '/dashboard', screen: 'dashboard', titleKey: 'Title.Dashboard', topLevel: true },
  { path: '/settings', screen: 'settings', titleKey: 'Title.Settings', topLevel: true },
  { path: '/joblist', screen: 'jobList', titleKey: 'Title.JobList', topLevel: true },
  { path: '/job/create', screen: 'jobCreate', titleKey: 'Title.JobCreate', topLevel: false },
  { path: '/job/edit/:id', screen: 'jobEdit', titleKey: 'Title.JobEdit', topLevel: false },
  { path: '/job/:id', screen: 'jobDetails', titleKey: 'Title.JobDetails', topLevel: false },
  { path: '/job/:jobId/task/:taskId', screen: 'taskDetails', titleKey: 'Title.TaskDetails', topLevel: false },
  // Spec 2 §2.3: the contact and SMS log of a calendar card.
  { path: '/job/scheduleItem/:scheduleItemId', screen: 'scheduleItemContact', titleKey: 'Title.ScheduleItem', topLevel: false },
  { path: '/job/details/:id/location', screen: 'jobLocation', titleKey: 'Title.JobLocation', topLevel: false },
  // Spec 1 §2: where the user lands after creating a job (the job details of the new job).
  { path: '/job/details/:newJobId/mainPage/:origin/type/:jobSource', screen: 'jobDetails', titleKey: 'Title.JobDetails', topLevel: false },
  // Spec 2 §2.4: the erroneous schedule items, for admins with an agreement.
  { path: '/errorhandling', screen: 'errorHandling', titleKey: 'Title.ErrorHandling', topLevel: true },
  { path: '/notfound', screen: 'notFound', titleKey: 'Title.NotFound', topLevel: false },
];
