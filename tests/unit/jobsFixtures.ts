/** Job and task objects for the jobs unit tests. */
import type { Job, Plumber, Task } from '../../src/domain/api';

export function makeTask(over: Partial<Task> = {}): Task {
  return {
    taskId: 't1', jobId: 'j1', jobType: 'Install', title: 'Ny vannmåler', typeId: 1, statusId: 1, description: null,
    isActive: true, isDeleted: false, taskOrder: 0, taskNo: 1, externalRefId: null, externalRefText: null,
    assignedTo: 7, assigneeName: 'Ola Nordmann', scheduleItemId: null, startDate: null,
    subscriberDetails: { addressId: 11, addressText: 'Storgata 1, 0155 Oslo', location: { x: 597000, y: 6643000, srs: 25832 }, coordinateSource: 'Property' },
    newWaterMeterObj: null, dismantleObj: null, additionalDetailsRequest: null, notes: null,
    ...over,
  };
}

export function makeJob(over: Partial<Job> = {}): Job {
  return {
    jobId: 'j1', refNr: 1001, title: 'Ny vannmåler', typeId: 1, statusId: 1, severityId: 2, description: null,
    scheduledDate: null, dueDate: null, completedDate: null, completedBy: null, assignedToId: 7,
    assigneeName: 'Ola Nordmann', assignedDate: '2025-01-01T08:00:00.000Z', subscriberText: 'Storgata 1, 0155 Oslo',
    matrikkel: { matrikkelNummer: '0301000120003400000000', matrikkelenhetId: 555, addressId: 11 },
    contactInfo: null, notes: null, autoCreated: false, isDraft: false, isNearByJob: false,
    jobTasks: [makeTask()], companyId: 'c1', createdBy: 'admin@firma.no',
    createdAt: '2025-01-01T08:00:00.000Z', updatedAt: '2025-01-01T08:00:00.000Z', version: 3,
    ...over,
  };
}

export function makePlumber(over: Partial<Plumber> = {}): Plumber {
  return {
    id: 8, userId: 'u8', firstName: 'Kari', lastName: 'Hansen', displayName: 'kari', telephone: null,
    email: 'kari@firma.no', userStatus: 2, registeredDate: '2024-01-01T00:00:00.000Z', isActive: true,
    plumberInitials: 'KH', roleId: 1, gdprConsent: true,
    ...over,
  };
}
