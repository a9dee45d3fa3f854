/**
 * The report's shared words (src/domain/reports/texts.ts) and the dashboard's plumber filter (issue 12).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plumber } from '../../src/domain/api';
import { JobStatus, JobType, TaskStatus, UserStatus } from '../../src/domain/enums';
import { REPORT_TEXTS, reportLanguage, reportLookupName } from '../../src/domain/reports/texts';
import { plumberFilterOptions } from '../../src/features/reports/plumberFilter';

describe('report texts', () => {
  it('picks the report language from the interface language: English for en*, else Norwegian', () => {
    expect(['en', 'en-GB', 'EN'].map(reportLanguage)).toEqual(['en', 'en', 'en']);
    expect(['nb', 'nb-NO', 'nn', undefined].map(reportLanguage)).toEqual(['nb', 'nb', 'nb', 'nb']);
  });

  it('names every job status, job type and task status in both languages, the English ones translated', () => {
    const lists = { jobStatus: Object.values(JobStatus), jobType: Object.values(JobType), taskStatus: Object.values(TaskStatus).filter((id) => id !== 0) };
    for (const [list, ids] of Object.entries(lists) as [keyof typeof lists, number[]][]) {
      for (const id of ids) {
        expect(reportLookupName('nb', list, id), `${list} ${id}`).not.toBe(String(id));
        expect(reportLookupName('en', list, id), `${list} ${id}`).not.toBe(reportLookupName('nb', list, id));
      }
    }
    for (const key of Object.keys(REPORT_TEXTS.nb.column) as (keyof typeof REPORT_TEXTS.nb.column)[]) {
      expect(REPORT_TEXTS.en.column[key], key).not.toBe(REPORT_TEXTS.nb.column[key]);
    }
    expect(reportLookupName('en', 'jobStatus', 77)).toBe('77');
  });

  it('keeps the Norwegian names the API\'s reference lists give (migration 0002), so the report and the lookups agree', () => {
    const migration = fs.readFileSync('server/db/migrations/0002_reference_data.sql', 'utf8');
    const listName = { JobStatus: 'jobStatus', JobTypes: 'jobType', TaskStatus: 'taskStatus' } as const;
    let seen = 0;
    for (const m of migration.matchAll(/\('(JobStatus|JobTypes|TaskStatus)', (\d+), \d+, '(\{.*?\})'::jsonb\)/g)) {
      const name = (JSON.parse(m[3]) as { name: string }).name;
      expect(reportLookupName('nb', listName[m[1] as keyof typeof listName], Number(m[2])), `${m[1]} ${m[2]}`).toBe(name);
      seen++;
    }
    expect(seen).toBe(15);
  });
});

describe('the dashboard\'s plumber filter', () => {
  const user = (id: number, firstName: string, userStatus: number) => ({ id, firstName, lastName: 'Berg', userStatus }) as Plumber;

  it('offers active and deactivated users by first name, never pending or rejected registrations', () => {
    const options = plumberFilterOptions([
      user(1, 'Sofie', UserStatus.Pending), user(2, 'Per', UserStatus.Activated), user(3, 'Jonas', UserStatus.Rejected),
      user(4, 'Magnus', UserStatus.Deactivated), user(5, 'Åse', UserStatus.Activated), user(6, 'Anne', UserStatus.Activated),
    ]);
    expect(options).toEqual([
      { id: 6, name: 'Anne Berg', deactivated: false },
      { id: 4, name: 'Magnus Berg', deactivated: true },
      { id: 2, name: 'Per Berg', deactivated: false },
      { id: 5, name: 'Åse Berg', deactivated: false },
    ]);
  });
});
