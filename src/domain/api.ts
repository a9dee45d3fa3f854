/**
 * The JSON shapes exchanged with the plumber API (spec 1 §3, §7), as types for client and server.
 * Each is the Static<> type of its TypeBox schema in ./schemas, the one definition of the shape;
 * this module re-exports types only, so importing it brings no TypeBox into the client.
 * Dates are ISO-8601 strings in UTC.
 */
export type {
  // common
  Location,
  // jobs
  CompleteJobRequest, ContactInfo, ContactPerson, CreateJobRequest, DeleteJobsRequest, DeletedJobs, Job, JobMatrikkel,
  JobsPage, MatrikkelDetails, PlumberJobCounts, PutJobsBody, ReassignJobsRequest, TaskDeleteResult, TaskEditRequest,
  TaskReportRequest, UpdateJobNoteRequest, UpdateJobRequest,
  // tasks
  AddTaskRequest, DeleteTaskRequest, SubscriberDetails, Task, UpdateTaskRequest,
  // errors
  ApiErrorBody,
  // users and the signed-in account
  ClientConfig, CompanyInfo, Plumber, User, UserInformationRequest, UserStatusRequest,
  // property and meters
  AddressSearchResult, BuildingUnit, Owner, SectionedProperties, SubProperties, WaterMeter,
  // sync, hub, media, settings
  ChangeFeed, CustomProps, ImageAsset, ImageMetadata, PlumberNotification, SupportContact,
} from './schemas';
