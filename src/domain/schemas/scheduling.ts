/**
 * Scheduling (spec 2 §3, §7): the assignment list, schedules, schedule items and the batch. Shapes the
 * spec leaves open are decided here (each says so); client and server share them.
 *
 * - GET /api/AssignmentList/lookup → AssignmentLookups (the utility's lists of the caller's company).
 * - GET /api/AssignmentList/assignee/{id}?filtered=&scheduleId= → AssignmentListItem[]: the company's
 *   meter points with coordinates, as seen from plumber {id}'s schedule `scheduleId`. `filtered` is
 *   the AssignmentFilter as JSON text (URL-encoded); absent: no filter.
 * - Schedules: GET /api/Schedule?assigneeId&weekNo&year (404 when none; the client then POSTs),
 *   POST /api/Schedule (ScheduleCreateRequest → 201 Schedule; 200 with the existing one when the
 *   plumber already has that week, so two admins racing make one), GET /api/Schedule/{id}?detailedResponse=
 *   (default true; false leaves scheduleItems and plumberAvailabilityData empty),
 *   GET /api/schedule/plumber/{id} (ScheduleSummary[], oldest week first),
 *   PUT /api/schedule/{id} (ScheduleUpdateRequest: the status; 5 ActivationInProgress only by activate),
 *   PUT /api/schedule/{id}/scheduleitems (ScheduleItemUpdate[] → the items as saved: a new start
 *   (inside the week, 06:00–18:00, not past, not overlapping another item), a duration override
 *   (15…90), sequence, notes; only Scheduled/NotificationFailed items move (409 otherwise)),
 *   POST /api/schedule/{id}/activate (no body → Schedule, status Started; 409 with no laid items),
 *   DELETE /api/ScheduleItem/scheduleitemid/{id}, DELETE /api/ScheduleItem (body: ids) → ScheduleItemDeleteResult;
 *   only Scheduled or Cancelled items (409 otherwise); each schedule's rest is numbered 1, 2, … again.
 *   Everything refuses a plumber (403) and answers 404 for another company's schedules and plumbers;
 *   writes to a schedule while its batch is Queued or Started are 409.
 * - POST /api/Scheduler (SchedulerRequest → 202 BatchJobState Queued): validated (spec 2 §5:
 *   Scheduling.InvalidSchedulingRequest; planned hours past the week's available hours without
 *   isPossibleToScheduleNextWeek: Scheduling.MaxAssignmentSelected, both 400 with errorKey; a point of
 *   another company 404; a point in another live item 409), then laid out by a batch. The items are
 *   saved in the same transaction; the batch's id is the client's batchJobId, so a repeated submit is
 *   the same batch (202 with its state, nothing written again). A `duration` equal to the company's for
 *   the type is no override; another must be one of 15…90. scheduledItems are items of this schedule
 *   laid again with the new ones (in sequenceNumber order); those past Scheduled stay where they are.
 *   The server's own availability rows count, not the request's plumberAvailabilityData.
 *   selectedItemStartDateTime is where the plan starts (the slot the admin chose; now once it has
 *   passed; it must fall in the week): the hours are checked from it on (hours.ts), the batch lays
 *   nothing before it, and items laid before it stay where they are. scheduleStartTime is its Oslo
 *   time of day, scheduleEndTime the window's end (18:00); the server reads neither.
 * - GET /api/ScheduleItemBatchJob?weekNumber&year&scheduleId → BatchJobState (404: no batch yet).
 *   The hub's 'plumber notification' with BatchJobId (NotificationType ScheduleBatch) follows each
 *   change of a batch's state.
 */
import { Type, type Static } from 'typebox';
import { Nullable, Uuid, DateTime } from './common';
import { IsoWeekNumber, TimeOfDay, YearNumber } from './workingHours';
import { DURATION_OVERRIDE_CHOICES, POLYGON_MAX_VERTICES, SCHEDULE_ITEM_NOTE_MAX, SCHEDULE_MAX_ITEMS } from '../scheduling/enums';

const Id = Type.Integer({ minimum: 1 });
const PointId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });
const ShortText = (maxLength = 200) => Type.String({ maxLength });
const Minutes = Type.Integer({ minimum: 1, maximum: 720 });

export const LookupEntrySchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LookupEntry = Static<typeof LookupEntrySchema>;

export const AssignmentLookupsSchema = Type.Object({
  dimensions: Type.Array(LookupEntrySchema),
  zone: Type.Array(LookupEntrySchema),
  status: Type.Array(LookupEntrySchema),
  readerType: Type.Array(LookupEntrySchema),
  agreementType: Type.Array(LookupEntrySchema),
});
export type AssignmentLookups = Static<typeof AssignmentLookupsSchema>;

/** A vertex of a polygon filter: [longitude, latitude] (GeoJSON order), WGS84. */
export const LngLatSchema = Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]);

/** spec 2 §3 Assignment filter. `address.type` 'Street': prefix of the street name; 'StreetAddress': the exact address. */
export const AssignmentFilterSchema = Type.Object({
  statusId: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  zoneId: Type.Optional(Type.Integer({ minimum: 0 })),
  readerTypeId: Type.Optional(Type.Integer({ minimum: 0 })),
  agreementTypeId: Type.Optional(Type.Integer({ minimum: 0 })),
  dimensionId: Type.Optional(Type.Integer({ minimum: 0 })),
  address: Type.Optional(Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Union([Type.Literal('Street'), Type.Literal('StreetAddress')]),
  }, { additionalProperties: false })),
  assignmentType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  /** Items installed on or before this day. */
  installDate: Type.Optional(Day),
  /** true: only points in no live schedule item ('not associated to assignment list'). */
  assigned: Type.Optional(Type.Boolean()),
  /** A closed ring or an open one (the server closes it). */
  polygonData: Type.Optional(Type.Array(LngLatSchema, { minItems: 3, maxItems: POLYGON_MAX_VERTICES })),
}, { additionalProperties: false });
export type AssignmentFilter = Static<typeof AssignmentFilterSchema>;

export const AssignmentListQuery = Type.Object({
  // contentSchema documents the text's shape (and the fuzz suite generates from it); the server parses and checks it.
  filtered: Type.Optional(Type.String({ maxLength: 40_000, description: 'AssignmentFilter as JSON', contentMediaType: 'application/json', contentSchema: AssignmentFilterSchema })),
  scheduleId: Type.Optional(Id),
});
export const AssigneeParam = Type.Object({ id: Id });

/** spec 2 §3 Assignment list item. Absent optional fields are left out of the answer (it is large). */
export const AssignmentListItemSchema = Type.Object({
  waterMeterPointId: PointId,
  waterMeterId: Type.Optional(PointId),
  agreementNo: Type.String(),
  assignmentType: Type.Integer(),
  priority: Type.Integer(),
  lat: Type.Number(),
  lng: Type.Number(),
  address: Type.String(),
  buildingNo: Type.Optional(Type.String()),
  matrikkelenhetNr: Type.Optional(Type.String()),
  installDate: Type.Optional(Type.String()),
  dimensionId: Type.Optional(Type.Integer()),
  zoneId: Type.Optional(Type.Integer()),
  readerTypeId: Type.Optional(Type.Integer()),
  agreementTypeId: Type.Optional(Type.Integer()),
  statusId: Type.Optional(Type.Integer()),
  referenceId: Type.Optional(Type.String()),
  scheduleId: Type.Optional(Type.Integer()),
  scheduleItemId: Type.Optional(Type.Integer()),
  weekNo: Type.Optional(Type.Integer()),
  year: Type.Optional(Type.Integer()),
  scheduleItemStatus: Type.Optional(Type.Integer()),
  assignmentItemStatus: Type.Integer(),
  assigneeName: Type.Optional(Type.String()),
  cancellationTypeId: Type.Optional(Type.Integer()),
  cancellationTypeColorStatus: Type.Optional(Type.Union([Type.Literal('Cancelled'), Type.Literal('Failure')])),
  isSelected: Type.Boolean(),
  isDisabled: Type.Boolean(),
});
export type AssignmentListItem = Static<typeof AssignmentListItemSchema>;

/** spec 2 §3 Availability entry (type: AvailabilityType). */
export const AvailabilityEntrySchema = Type.Object({
  weekNo: IsoWeekNumber,
  date: Day,
  availabilityType: Type.Integer({ minimum: 1, maximum: 5 }),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
}, { additionalProperties: false });
export type AvailabilityEntry = Static<typeof AvailabilityEntrySchema>;

/** spec 2 §3 Schedule item. startTime/endTime are HH:mm in Oslo; the *DateTime fields ISO instants. */
export const ScheduleItemSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  scheduleId: Type.Integer(),
  status: Type.Integer(),
  notes: Nullable(Type.String()),
  address: Type.String(),
  objectType: Type.Integer(),
  objectId: Nullable(Type.Integer()),
  parentObjectId: Type.Integer(),
  agreementNo: Nullable(Type.String()),
  scheduledDate: Nullable(Type.String()),
  scheduleStartDateTime: Nullable(Type.String()),
  scheduleEndDateTime: Nullable(Type.String()),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  duration: Type.Integer(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  referenceNumber: Nullable(Type.String()),
  contactInformation: Nullable(Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true })),
  matrikkelenhetId: Nullable(Type.String()),
  sequenceNumber: Type.Integer(),
  isScheduled: Type.Boolean(),
  cancellationTypeId: Nullable(Type.Integer()),
  batchJobId: Nullable(Type.String()),
  /** Ours: the point's register priority (higher is laid first), where the answer reads the item with its point. */
  priority: Type.Optional(Type.Integer()),
});
export type ScheduleItem = Static<typeof ScheduleItemSchema>;

export const ScheduleSchema = Type.Object({
  id: Type.Integer(),
  weekNo: Type.Integer(),
  year: Type.Integer(),
  assigneeId: Type.Integer(),
  assigneeName: Type.String(),
  status: Type.Integer(),
  batchJobId: Nullable(Type.String()),
  batchJobStatus: Nullable(Type.String()),
  scheduleItems: Type.Array(ScheduleItemSchema),
  plumberAvailabilityData: Type.Array(AvailabilityEntrySchema),
});
export type Schedule = Static<typeof ScheduleSchema>;

export const ScheduleSummarySchema = Type.Object({
  id: Type.Integer(), weekNo: Type.Integer(), year: Type.Integer(), assigneeId: Type.Integer(), status: Type.Integer(), itemCount: Type.Integer(),
});
export type ScheduleSummary = Static<typeof ScheduleSummarySchema>;

export const ScheduleQuery = Type.Object({
  assigneeId: Id,
  weekNo: IsoWeekNumber,
  year: YearNumber,
  scheduleStartTime: Type.Optional(TimeOfDay),
  ScheduleEndTime: Type.Optional(TimeOfDay),
});
export const ScheduleCreateRequest = Type.Object({ assigneeId: Id, weekNo: IsoWeekNumber, year: YearNumber }, { additionalProperties: false });
export type ScheduleCreateRequest = Static<typeof ScheduleCreateRequest>;

/** spec 2 §3 Schedule list item: one item of a submit. `id` 0: not yet saved. */
export const ScheduleListItemSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  referenceNumber: Type.Optional(Nullable(ShortText())),
  assignmentType: Type.Integer({ minimum: 1, maximum: 3 }),
  waterMeterId: Type.Optional(Nullable(PointId)),
  waterMeterPointId: PointId,
  agreementNo: Type.Optional(Nullable(ShortText())),
  latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  duration: Minutes,
  sequenceNumber: Type.Integer({ minimum: 0, maximum: SCHEDULE_MAX_ITEMS }),
  isScheduled: Type.Boolean(),
}, { additionalProperties: false });
export type ScheduleListItem = Static<typeof ScheduleListItemSchema>;

export const AssignmentSummarySchema = Type.Object({
  numberOfDaysPlanned: Type.Integer({ minimum: 0, maximum: 1000 }),
  numberOfHoursPlanned: Type.Number({ minimum: 0, maximum: 100_000 }),
  numberOfWeeksPlanned: Type.Integer({ minimum: 0, maximum: 1000 }),
}, { additionalProperties: false });

/** spec 2 §3 Submit payload. `batchJobId` is made by the client: a repeated submit is the same batch. */
export const SchedulerRequest = Type.Object({
  batchJobId: Uuid,
  scheduleId: Type.Integer({ minimum: 0 }),
  weekNo: Type.Integer({ minimum: 0, maximum: 53 }),
  year: Type.Integer({ minimum: 0, maximum: 2100 }),
  assigneeId: Type.Integer({ minimum: 0 }),
  scheduleItems: Type.Array(ScheduleListItemSchema, { maxItems: SCHEDULE_MAX_ITEMS }),
  scheduledItems: Type.Array(ScheduleListItemSchema, { maxItems: SCHEDULE_MAX_ITEMS }),
  assignmentSummary: Nullable(AssignmentSummarySchema),
  plumberAvailabilityData: Type.Array(AvailabilityEntrySchema, { maxItems: 400 }),
  selectedItemStartDateTime: Type.Optional(Nullable(DateTime)),
  notifiedItemStartDateTime: Type.Optional(Nullable(DateTime)),
  scheduleStartTime: Type.Optional(TimeOfDay),
  scheduleEndTime: Type.Optional(TimeOfDay),
  isPossibleToScheduleNextWeek: Type.Boolean(),
  /** Ours: keep the admin's selection order instead of ordering each day's stops by distance. */
  keepSelectionOrder: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type SchedulerRequest = Static<typeof SchedulerRequest>;

/**
 * spec 2 §3 Single-item schedule payload (POST /api/Scheduler/singleitem): one card dropped on the
 * calendar. `scheduleItems` holds the one item: an existing item by `id`, or (`id` 0) a point dragged
 * from the map by `waterMeterPointId`. `selectedItemStartDateTime` is where it was dropped. The
 * rules are drop.ts judgeDrop's, checked again under the plumber's time lock; the answer is the item
 * as saved (200). As in the submit, the server's own availability rows count, not the request's
 * `plumberAvailabilityData`, and `scheduleStartTime`/`scheduleEndTime` are not read. `durationOverride`
 * is the calendar's duration-override dropdown (spec 2 §2.2, §9): the dropped item takes that many
 * minutes (a moved item too, so a card dropped where it lies changes only its length); absent or null,
 * a moved item keeps its own and a new one takes `duration`.
 */
export const SingleItemRequest = Type.Object({
  batchJobId: Type.Optional(Nullable(Uuid)),
  scheduleId: Id,
  weekNo: IsoWeekNumber,
  year: YearNumber,
  assigneeId: Id,
  scheduleItems: Type.Array(ScheduleListItemSchema, { minItems: 1, maxItems: 1 }),
  plumberAvailabilityData: Type.Optional(Type.Array(AvailabilityEntrySchema, { maxItems: 400 })),
  selectedItemStartDateTime: DateTime,
  notifiedItemStartDateTime: Type.Optional(Nullable(DateTime)),
  scheduleStartTime: Type.Optional(TimeOfDay),
  scheduleEndTime: Type.Optional(TimeOfDay),
  durationOverride: Type.Optional(Type.Unsafe<(typeof DURATION_OVERRIDE_CHOICES)[number] | null>({
    type: ['integer', 'null'], enum: [...DURATION_OVERRIDE_CHOICES, null], description: 'Minutes the dropped item takes (the duration override); null: its own',
  })),
}, { additionalProperties: false });
export type SingleItemRequest = Static<typeof SingleItemRequest>;

/**
 * GET /api/ScheduleBlacklist/?watermeterId&customerId&adress (the spec's spelling): the times the
 * owners of that meter or address were told of and then called off (ours: the company's items there
 * that were Cancelled or Rejected, each with the end of its time). A drop whose item ends on the day
 * of an entry's `notificationTimeEnd` is refused (drop.ts blacklistBlocks). `customerId`, when given,
 * must be the caller's water utility, else the answer is empty.
 */
export const BlacklistQuery = Type.Object({
  watermeterId: Type.Optional(PointId),
  customerId: Type.Optional(Type.String({ maxLength: 64 })),
  adress: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
});
export const BlacklistEntrySchema = Type.Object({
  scheduleItemId: Type.Integer(),
  address: Type.String(),
  waterMeterId: Nullable(Type.Integer()),
  status: Type.Integer(),
  notificationTimeEnd: Type.String(),
});
export type BlacklistEntry = Static<typeof BlacklistEntrySchema>;

/**
 * PUT /api/scheduleitem/{id}: the card's note (spec 2 §4 Notes). `status` is the status the admin saw:
 * when the item's has changed since, the answer is 409 (the calendar flags it and asks to reload).
 */
export const ScheduleItemNoteBody = Type.Object({
  id: Id,
  notes: Nullable(ShortText(SCHEDULE_ITEM_NOTE_MAX)),
  status: Type.Integer({ minimum: 1, maximum: 14 }),
}, { additionalProperties: false });
export type ScheduleItemNoteBody = Static<typeof ScheduleItemNoteBody>;

export const BatchJobStateSchema = Type.Object({
  batchJobId: Type.String(),
  scheduleId: Type.Integer(),
  status: Type.Union([Type.Literal('Queued'), Type.Literal('Started'), Type.Literal('Completed'), Type.Literal('Failed')]),
  /** When Failed: why, as a message key of the scheduling namespace. */
  error: Type.Optional(Type.String()),
  /** When Completed: items laid, weeks used, and the route's kilometres in the order laid and in selection order. */
  result: Type.Optional(Type.Object({
    itemsScheduled: Type.Integer(),
    itemsNotPlaced: Type.Integer(),
    weeksUsed: Type.Integer(),
    kilometres: Type.Number(),
    kilometresInSelectionOrder: Type.Number(),
    /** Each laid day: its items, the route's kilometres and the travel time they take (routeOrder.ts travelMinutes). */
    days: Type.Optional(Type.Array(Type.Object({ date: Day, items: Type.Integer(), kilometres: Type.Number(), travelMinutes: Type.Integer() }))),
    /** Every item the batch could not lay, by name and reason: it was taken out of the schedule, its point is free to plan again. */
    notPlaced: Type.Optional(Type.Array(Type.Object({
      waterMeterPointId: Type.Integer(), address: Type.String(), reason: Type.Union([Type.Literal('NoTimeLeft'), Type.Literal('OutsideWeek')]),
    }))),
  })),
});
export type BatchJobState = Static<typeof BatchJobStateSchema>;

export const BatchJobQuery = Type.Object({ weekNumber: IsoWeekNumber, year: YearNumber, scheduleId: Id });
export const ScheduleItemIdsBody = Type.Array(Id, { minItems: 1, maxItems: SCHEDULE_MAX_ITEMS });

export const ScheduleIdParam = Type.Object({ id: Id });
export const ScheduleDetailQuery = Type.Object({ detailedResponse: Type.Optional(Type.Boolean()) });
export const ScheduleUpdateRequest = Type.Object({ status: Type.Integer({ minimum: 1, maximum: 6 }) }, { additionalProperties: false });
export type ScheduleUpdateRequest = Static<typeof ScheduleUpdateRequest>;

/** One item's change in PUT /api/schedule/{id}/scheduleitems; absent fields stay as they are. */
export const ScheduleItemUpdateSchema = Type.Object({
  id: Id,
  scheduleStartDateTime: Type.Optional(DateTime),
  duration: Type.Optional(Type.Integer({ minimum: 15, maximum: 90 })),
  sequenceNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: SCHEDULE_MAX_ITEMS })),
  notes: Type.Optional(Nullable(ShortText(2000))),
}, { additionalProperties: false });
export type ScheduleItemUpdate = Static<typeof ScheduleItemUpdateSchema>;
export const ScheduleItemUpdateBody = Type.Array(ScheduleItemUpdateSchema, { minItems: 1, maxItems: SCHEDULE_MAX_ITEMS });
export const ScheduleItemDeleteResult = Type.Object({ deletedIds: Type.Array(Type.Integer()) });

/**
 * Ours: GET /api/Schedule/planningWeek?assigneeId&weekNo&year → WeekFacts (src/domain/scheduling/freeWeek.ts),
 * the facts the page's capacity rule reads: the same the server's check and the batch compose.
 */
export const PlanningWeekQuery = Type.Object({ assigneeId: Id, weekNo: IsoWeekNumber, year: YearNumber });
const HoursOfDay = Type.Object({
  startTime: Nullable(Type.String()), lunchStartTime: Nullable(Type.String()), lunchEndTime: Nullable(Type.String()), endTime: Nullable(Type.String()),
});
export const WeekFactsSchema = Type.Object({
  year: Type.Integer(),
  weekNo: Type.Integer(),
  dates: Type.Array(Day),
  days: Type.Array(Type.Object({ date: Day, hours: HoursOfDay })),
  holidays: Type.Array(Type.Object({ date: Day, holidayTypeId: Type.Integer(), startTime: Type.String(), endTime: Type.String() })),
  availability: Type.Array(Type.Object({ date: Day, availabilityType: Type.Integer(), startTime: Type.String(), endTime: Type.String() })),
  unavailable: Type.Array(Type.Object({ date: Day, startTime: Type.String(), endTime: Type.String() })),
  laid: Type.Array(Type.Object({
    id: Type.Integer(), date: Day, from: Type.Integer(), to: Type.Integer(), status: Type.Integer(),
    lat: Type.Optional(Nullable(Type.Number())), lng: Type.Optional(Nullable(Type.Number())),
  })),
  intervalMinutes: Type.Integer(),
  travel: Type.Optional(Type.Object({ roadFactor: Type.Number(), speedKmh: Type.Number() })),
  base: Type.Optional(Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() }))),
  hasHours: Type.Boolean(),
});
