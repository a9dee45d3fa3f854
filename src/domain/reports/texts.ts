/**
 * The status report's words the server writes too (spec 3 §3 "Jobs report row"): its column headings
 * and the names of job statuses, job types and task statuses, in nb and en. They live here rather than
 * in src/i18n because the server names the lookups and heads the .xlsx in the user's language and may
 * import only src/domain; the report screen and the dashboard read the same texts from here.
 */
import type { JobStatusId, JobTypeId, TaskStatusId } from '../enums';
import type { ReportLanguage, ReportRow } from '../schemas/reports';

export interface ReportTexts {
  column: Record<keyof ReportRow, string>;
  jobStatus: Record<JobStatusId, string>;
  jobType: Record<JobTypeId, string>;
  /** Every task status but the filter's All (0). */
  taskStatus: Record<Exclude<TaskStatusId, 0>, string>;
}

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = {
  nb: {
    column: {
      jobRef: 'Ref.nr.',
      jobStatus: 'Jobbstatus',
      jobCompleted: 'Jobb fullført',
      jobType: 'Jobbtype',
      assigneeName: 'Rørlegger',
      taskStatus: 'Oppgavestatus',
      taskCompleted: 'Oppgave fullført',
      matrikkelnumber: 'Matrikkelnummer',
      address: 'Adresse',
      note: 'Notat',
      oldMeter: 'Gammel måler',
      newMeter: 'Ny måler',
      isSchueduled: 'Knyttet til SMS-avtale',
    },
    jobStatus: { 1: 'Ny', 2: 'Pågår', 3: 'På vent', 4: 'Fullført', 5: 'Lukket' },
    jobType: { 1: 'Ny vannmåler', 2: 'Utskifting av vannmåler', 3: 'Demontering av vannmåler', 4: 'Avvik' },
    taskStatus: { 1: 'Ikke startet', 2: 'Pågår', 4: 'Fullført', 6: 'Automatisk', 8: 'Hinder', 9: 'Avvik' },
  },
  en: {
    column: {
      jobRef: 'Ref. no.',
      jobStatus: 'Job status',
      jobCompleted: 'Job completed',
      jobType: 'Job type',
      assigneeName: 'Plumber',
      taskStatus: 'Task status',
      taskCompleted: 'Task completed',
      matrikkelnumber: 'Cadastre number',
      address: 'Address',
      note: 'Note',
      oldMeter: 'Old meter',
      newMeter: 'New meter',
      isSchueduled: 'Tied to SMS appointment',
    },
    jobStatus: { 1: 'New', 2: 'In progress', 3: 'On hold', 4: 'Completed', 5: 'Closed' },
    jobType: { 1: 'New water meter', 2: 'Water meter replacement', 3: 'Water meter dismantling', 4: 'Deviation' },
    taskStatus: { 1: 'Not started', 2: 'In progress', 4: 'Completed', 6: 'Automatic', 8: 'Obstacle', 9: 'Deviation' },
  },
};

/** The report's language for an i18next language code (en, en-GB → en; anything else → nb, the default). */
export function reportLanguage(lang: string | undefined): ReportLanguage {
  return lang?.toLowerCase().startsWith('en') ? 'en' : 'nb';
}

/** A lookup's name in `lang`; an id the lists do not know stays its number, as before. */
export function reportLookupName(lang: ReportLanguage, list: 'jobStatus' | 'jobType' | 'taskStatus', id: number): string {
  return (REPORT_TEXTS[lang][list] as Record<number, string>)[id] ?? String(id);
}
