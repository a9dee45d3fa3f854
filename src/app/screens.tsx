/**
 * Route screens, each loaded on demand so the shell's JavaScript stays small (DESIGN.md budgets).
 * Screens of one feature share a chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from './routeTable';

const jobs = () => import('../features/jobs');
const plumbers = () => import('../features/plumbers');
const profile = () => import('../features/profile');

function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

export const SCREENS: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  schedule: screen(() => import('../features/schedule'), (m) => m.MySchedulePage),
  about: screen(() => import('../features/about'), (m) => m.AboutPage),
  helpSupport: screen(() => import('../features/help'), (m) => m.HelpSupportPage),
  profileCreate: screen(profile, (m) => m.ProfileCreatePage),
  profileView: screen(profile, (m) => m.ProfileViewPage),
  profileEdit: screen(profile, (m) => m.ProfileEditPage),
  plumbers: screen(plumbers, (m) => m.PlumbersPage),
  plumberDetails: screen(plumbers, (m) => m.PlumberDetailsPage),
  plumberEdit: screen(plumbers, (m) => m.EditPlumberPage),
  jobList: screen(jobs, (m) => m.JobListPage),
  jobCreate: screen(jobs, (m) => m.NewJobPage),
  jobEdit: screen(jobs, (m) => m.EditJobPage),
  jobDetails: screen(jobs, (m) => m.JobDetailsPage),
  taskDetails: screen(jobs, (m) => m.TaskDetailsPage),
  jobLocation: screen(jobs, (m) => m.JobLocationPage),
  dashboard: screen(() => import('../features/dashboard'), (m) => m.DashboardPage),
  settings: screen(() => import('../features/settings'), (m) => m.SettingsPage),
  notFound: screen(() => import('../features/notfound'), (m) => m.NotFoundPage),
};
