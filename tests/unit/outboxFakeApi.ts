/**
 * An in-memory stand-in for the plumber API, reached through globalThis.fetch, for the unit tests of
 * the outbox and pull sync (the real server is exercised by tests/server/outbox-replay.test.ts).
 * It keeps jobs with versions, answers Idempotency-Key replays with the stored first answer, offers
 * the change feed, and can be told to fail or to lose the answer of the next requests.
 */
import type { ChangeFeed, CreateJobRequest, Job, Task } from '../../src/domain/api';
import { JobStatus, TaskStatus } from '../../src/domain/enums';

export interface Seen {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
  auth: string | null;
  /** A multipart body's text fields, and the SHA-256 (hex) and size of its file. */
  form?: { fields: Record<string, string>; fileHash: string | null; fileBytes: number };
  /** Ticks of the server's clock when the request arrived and when its answer left (or it failed). */
  arrived?: number;
  answered?: number;
}

/** A task photo as the fake server holds it. */
export interface FakeAsset {
  assetId: string;
  contentHash: string;
  metadata: unknown;
  version: number;
}

/** What to do with a request instead of (or after) handling it. */
export type Fault =
  | { kind: 'network' }
  | { kind: 'status'; status: number; body?: unknown }
  /** The server applies the request, but the answer never reaches the client. */
  | { kind: 'lose' };

export class FakeApi {
  readonly jobs = new Map<string, Job>();
  readonly log: Seen[] = [];
  /** Mutations the server actually applied (replays of a key are not counted). */
  readonly applied: { key: string; method: string; body: unknown }[] = [];
  private readonly stored = new Map<string, { status: number; body: unknown }>();
  private readonly faults: { match: (s: Seen) => boolean; fault: Fault }[] = [];
  private seq = 0;
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly deletedAt = new Map<string, number>();
  private nextRef = 1000;
  /** Concurrent requests in flight, and the most seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  latencyMs = 0;
  /** Every request fails as if the device had no network. */
  offline = false;
  feedPageSize = 1000;
  /** The server also reads lookups; lists named here answer with these items, others 404. */
  readonly lookups = new Map<string, unknown[] | number>();
  plumbers: unknown[] = [];
  readonly media = new Map<string, FakeAsset>();
  /**
   * What the server stores for the bytes it received (their hash by default); a test makes it
   * re-encode (another stored hash) or answer with other bytes than were sent.
   */
  storedHash: (received: string) => string = (received) => received;
  /** The hash the answer says was received (the real server: what it read from the request). */
  receivedHash: (received: string) => string = (received) => received;

  failNext(match: (s: Seen) => boolean, fault: Fault): void {
    this.faults.push({ match, fault });
  }

  put(job: Job): void {
    this.jobs.set(job.jobId, job);
    this.changedAt.set(job.jobId, ++this.seq);
  }

  remove(jobId: string): void {
    this.jobs.delete(jobId);
    this.deletedAt.set(jobId, ++this.seq);
  }

  /** Another user changes a job on the server. */
  touch(jobId: string, change: Partial<Job>): Job {
    const job = this.jobs.get(jobId)!;
    const next = { ...job, ...change, version: job.version + 1 };
    this.put(next);
    return next;
  }

  /** The size of each POST /api/bundle received (its commands are in `log`, each as if sent alone). */
  readonly bundles: number[] = [];
  /** Answers /api/bundle with 404, as a server without the call would. */
  noBundleCall = false;
  /** The next bundle's answer comes without its last command's (mangled on the way); the server applied them all. */
  cutNextBundleAnswer = false;

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    if (url.pathname === '/api/bundle' && init.method === 'POST') return this.bundle(url, headers, JSON.parse(String(init.body)));
    return this.one(url, headers, init);
  };

  /**
   * As the server runs a bundle: each command as a request of its own with the bundle's credentials,
   * one after the other, its answer in its place; after a 401, 408, 429 or 5xx the rest answer 503. A
   * network fault on a command drops the connection: the commands before it were applied, and no
   * answer reaches the device. The commands count as under way together (inFlight) while it runs.
   */
  private async bundle(url: URL, headers: Headers, body: { requests: { method: string; path: string; idempotencyKey: string; body?: unknown }[] }): Promise<Response> {
    if (this.offline) throw new TypeError('fetch failed');
    if (this.noBundleCall) return json(404, { statusCode: 404, message: 'Route POST /api/bundle not found' });
    const n = body.requests.length;
    this.bundles.push(n);
    this.inFlight += n;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
      const answers: { status: number; contentType: string | null; text: string; retryAfter: string | null }[] = [];
      for (const item of body.requests) {
        if (answers.some((a) => [401, 408, 429].includes(a.status) || a.status >= 500)) {
          answers.push({ status: 503, contentType: 'application/json', text: JSON.stringify({ statusCode: 503, message: 'Not run' }), retryAfter: null });
          continue;
        }
        const sub = new Headers({ 'idempotency-key': item.idempotencyKey, 'content-type': 'application/json' });
        const auth = headers.get('authorization');
        if (auth) sub.set('authorization', auth);
        const res = await this.one(new URL(item.path, url), sub, { method: item.method, body: item.body === undefined ? undefined : JSON.stringify(item.body) }, false);
        answers.push({ status: res.status, contentType: res.headers.get('content-type'), text: await res.text(), retryAfter: res.headers.get('retry-after') });
      }
      if (this.cutNextBundleAnswer) {
        this.cutNextBundleAnswer = false;
        answers.pop();
      }
      return json(200, { answers });
    } finally {
      this.inFlight -= n;
    }
  }

  private async one(url: URL, headers: Headers, init: RequestInit, alone = true): Promise<Response> {
    const seen: Seen = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      key: headers.get('idempotency-key'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: headers.get('authorization'),
      ...(init.body instanceof FormData ? { form: await formOf(init.body) } : {}),
    };
    seen.arrived = this.clock++;
    this.log.push(seen);
    if (alone) this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs && alone) await new Promise((r) => setTimeout(r, this.latencyMs));
      if (this.offline) throw new TypeError('fetch failed');
      const i = this.faults.findIndex((f) => f.match(seen));
      const fault = i >= 0 ? this.faults.splice(i, 1)[0].fault : null;
      if (fault?.kind === 'network') throw new TypeError('fetch failed');
      if (fault?.kind === 'status') return json(fault.status, fault.body ?? { statusCode: fault.status, message: `failure ${fault.status}` });
      const answer = this.handle(seen, url);
      if (fault?.kind === 'lose') throw new TypeError('fetch failed');
      return answer.body === undefined ? new Response(null, { status: answer.status }) : json(answer.status, answer.body);
    } finally {
      if (alone) this.inFlight -= 1;
      seen.answered = this.clock++;
    }
  }

  private handle(s: Seen, url: URL): { status: number; body: unknown } {
    if (!s.auth) return { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
    const path = url.pathname.toLowerCase();
    if (s.method === 'GET') return this.read(path, url);
    if (s.key) {
      const first = this.stored.get(s.key);
      if (first) return first;
    }
    const answer = this.mutate(s, path);
    if (s.key && answer.status < 500) this.stored.set(s.key, answer);
    if (answer.status < 300) this.applied.push({ key: s.key ?? '', method: s.method, body: s.body });
    return answer;
  }

  private read(path: string, url: URL): { status: number; body: unknown } {
    const m = /^\/api\/jobs\/([^/]+)$/.exec(path);
    if (m) {
      const job = this.jobs.get(m[1]);
      return job ? { status: 200, body: job } : { status: 404, body: { statusCode: 404, message: 'Job not found' } };
    }
    if (path === '/api/sync/changes') {
      const since = Number(url.searchParams.get('since') ?? '0');
      const changed = [...this.changedAt].filter(([id, at]) => at > since && this.jobs.has(id)).sort((a, b) => a[1] - b[1]);
      const page = changed.slice(0, this.feedPageSize);
      const upTo = page.length < changed.length ? page[page.length - 1][1] : this.seq;
      const feed: ChangeFeed & { hasMore: boolean } = {
        cursor: String(upTo),
        reset: !url.searchParams.has('since'),
        jobs: page.map(([id]) => this.jobs.get(id)!),
        deletedJobIds: [...this.deletedAt].filter(([, at]) => at > since && at <= upTo).map(([id]) => id),
        hasMore: page.length < changed.length,
      };
      return { status: 200, body: feed };
    }
    if (path === '/api/users') return { status: 200, body: this.plumbers };
    const list = /^\/api\/(\w+)$/.exec(url.pathname)?.[1];
    const lookup = list ? this.lookups.get(list) : undefined;
    if (typeof lookup === 'number') return { status: lookup, body: { statusCode: lookup, message: `lookup ${lookup}` } };
    if (lookup) return { status: 200, body: lookup };
    return { status: 404, body: { statusCode: 404, message: 'Not Found' } };
  }

  private mutate(s: Seen, path: string): { status: number; body: unknown } {
    const b = s.body as Record<string, unknown>;
    if (path === '/api/jobs' && s.method === 'POST') {
      const req = b as unknown as CreateJobRequest & { jobId: string };
      if (this.jobs.has(req.jobId)) return { status: 409, body: { statusCode: 409, message: 'Job exists' } };
      // A refusal the schema cannot see (the device checks schemas before queueing): an address the cadastre does not know.
      if (req.subscriberText === UNKNOWN_ADDRESS) return { status: 400, body: { statusCode: 400, message: 'body/subscriberText is not an address of the property' } };
      this.put(serverJob(req, this.nextRef++));
      return { status: 201, body: req.jobId };
    }
    const report = /^\/api\/jobs\/task\/([^/]+)$/.exec(path);
    if (report && s.method === 'POST') return this.report(b, report[1]);
    if (path === '/api/jobs' && s.method === 'PUT' && typeof b.completedBy === 'string') return this.complete(b);
    if (path === '/api/jobs' && s.method === 'PUT') {
      if (Array.isArray(b.jobsList)) {
        for (const id of b.jobsList as string[]) {
          const job = this.jobs.get(id);
          if (job) this.put({ ...job, assignedToId: b.assigneeId as number, assigneeName: b.assigneeName as string, version: job.version + 1 });
        }
        return { status: 200, body: { jobsList: b.jobsList } };
      }
      const job = this.jobs.get(b.jobId as string);
      if (!job) return { status: 404, body: { statusCode: 404, message: 'Job not found' } };
      if (b.expectedVersion !== undefined && b.expectedVersion !== job.version) {
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'The job has been changed by someone else', current: job } };
      }
      const next: Job = 'notes' in b
        ? { ...job, notes: b.notes as string, version: job.version + 1 }
        : { ...job, description: b.description as string | null, scheduledDate: b.scheduledDate as string | null, version: job.version + 1 };
      this.put(next);
      return { status: 200, body: next };
    }
    if (path === '/api/jobs' && s.method === 'DELETE') {
      for (const j of b.jobList as { jobId: string }[]) this.remove(j.jobId);
      return { status: 204, body: undefined };
    }
    if (path === '/api/tasks' && s.method === 'POST') {
      const job = this.jobs.get(b.jobId as string);
      if (!job) return { status: 404, body: { statusCode: 404, message: 'Job not found' } };
      const task: Task = { ...job.jobTasks[0], taskId: b.taskId as string, statusId: TaskStatus.NotStarted, taskNo: job.jobTasks.length + 1 };
      this.put({ ...job, jobTasks: [...job.jobTasks, task], version: job.version + 1 });
      return { status: 201, body: task };
    }
    if (path.startsWith('/api/media')) return this.mutateMedia(s, path);
    return { status: 404, body: { statusCode: 404, message: 'Not Found' } };
  }

  /** A task's draft or report (POST /api/jobs/task/{taskId}): in progress, or completed (Deviation with causes). */
  private report(b: Record<string, unknown>, taskId: string): { status: number; body: unknown } {
    const job = this.jobs.get(b.jobId as string);
    const task = job?.jobTasks.find((t) => t.taskId.toLowerCase() === taskId);
    if (!job || !task) return { status: 404, body: { statusCode: 404, message: 'Job not found' } };
    if (b.expectedVersion !== undefined && b.expectedVersion !== job.version) {
      return { status: 409, body: { statusCode: 409, message: 'The job has been changed by someone else', current: job } };
    }
    if (job.statusId === JobStatus.Completed) return { status: 409, body: { statusCode: 409, message: 'The job is completed', current: job } };
    const sent = (b.jobTasks as { taskId: string; additionalDetailsRequest?: { deviationList?: unknown[] } }[]).find((t) => t.taskId === task.taskId);
    const statusId = b.isDraft ? TaskStatus.InProgress : sent?.additionalDetailsRequest?.deviationList?.length ? TaskStatus.Deviation : TaskStatus.Completed;
    const next: Job = { ...job, jobTasks: job.jobTasks.map((t) => (t === task ? { ...t, statusId } : t)), version: job.version + 1 };
    this.put(next);
    return { status: 200, body: next };
  }

  /** Manual completion (PUT /api/Jobs with completedBy): only when every task is finished, as the real server. */
  private complete(b: Record<string, unknown>): { status: number; body: unknown } {
    const job = this.jobs.get(b.jobId as string);
    if (!job) return { status: 404, body: { statusCode: 404, message: 'Job not found' } };
    if (b.expectedVersion !== undefined && b.expectedVersion !== job.version) {
      return { status: 409, body: { statusCode: 409, message: 'The job has been changed by someone else', current: job } };
    }
    const finished: number[] = [TaskStatus.Completed, TaskStatus.Deviation, TaskStatus.Obstacle];
    if (job.jobTasks.some((t) => !t.isDeleted && !finished.includes(t.statusId))) {
      return { status: 400, body: { statusCode: 400, message: 'The job can only be completed when all its tasks are completed, deviation or obstacle' } };
    }
    const next: Job = { ...job, statusId: JobStatus.Completed, completedBy: b.completedBy as string, version: job.version + 1 };
    this.put(next);
    return { status: 200, body: next };
  }

  /** Upload, rotation, metadata and delete of task photos (the shapes of src/domain/schemas/media.ts). */
  private mutateMedia(s: Seen, path: string): { status: number; body: unknown } {
    const asset = (a: FakeAsset, received?: string) => ({
      assetId: a.assetId, contentHash: a.contentHash, version: a.version, metadata: a.metadata, ...(received ? { receivedHash: this.receivedHash(received) } : {}),
    });
    if (path === '/api/media' && s.method === 'POST' && s.form?.fileHash) {
      const id = s.form.fields.assetId;
      if (this.media.has(id)) return { status: 409, body: { statusCode: 409, message: `The image ${id} already exists` } };
      const a: FakeAsset = { assetId: id, contentHash: this.storedHash(s.form.fileHash), metadata: JSON.parse(s.form.fields.metadata ?? 'null'), version: 1 };
      this.media.set(id, a);
      return { status: 201, body: asset(a, s.form.fileHash) };
    }
    const rotate = /^\/api\/media\/rotate\/([^/]+)$/.exec(path);
    if (rotate && s.method === 'PUT' && s.form) {
      const a = this.media.get(rotate[1]);
      if (!a) return { status: 404, body: { statusCode: 404, message: 'No media found.' } };
      const turned = s.form.fileHash ?? `${a.contentHash}+${s.form.fields.degrees}`;
      const next = { ...a, contentHash: this.storedHash(turned), version: a.version + 1 };
      this.media.set(a.assetId, next);
      return { status: 200, body: asset(next, turned) };
    }
    if (path === '/api/media/metadata' && s.method === 'PUT') {
      const b = s.body as { assetId: string; metadata: unknown };
      const a = this.media.get(b.assetId);
      if (!a) return { status: 404, body: { statusCode: 404, message: 'No media found.' } };
      const next = { ...a, metadata: b.metadata, version: a.version + 1 };
      this.media.set(a.assetId, next);
      return { status: 200, body: asset(next) };
    }
    const del = /^\/api\/media\/module\/va\/matrikkelenhet\/\d+\/([^/]+)$/.exec(path);
    if (del && s.method === 'DELETE') {
      if (!this.media.delete(del[1])) return { status: 404, body: { statusCode: 404, message: 'No media found.' } };
      return { status: 200, body: { deleted: [del[1]] } };
    }
    return { status: 404, body: { statusCode: 404, message: 'Not Found' } };
  }
}

async function formOf(form: FormData): Promise<NonNullable<Seen['form']>> {
  const fields: Record<string, string> = {};
  let fileHash: string | null = null;
  let fileBytes = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else {
      const bytes = await value.arrayBuffer();
      fileBytes = bytes.byteLength;
      fileHash = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
    }
  }
  return { fields, fileHash, fileBytes };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function serverJob(req: CreateJobRequest & { jobId: string }, refNr: number): Job {
  const now = new Date().toISOString();
  return {
    jobId: req.jobId, refNr, title: req.title, typeId: req.jobTypeId, statusId: JobStatus.New, severityId: req.severity,
    description: req.description, scheduledDate: req.scheduledDate, dueDate: req.dueDate ?? null, completedDate: null,
    completedBy: null, assignedToId: req.assignedToId, assigneeName: req.assigneeName, assignedDate: now,
    subscriberText: req.subscriberText, matrikkel: { ...req.matrikkelDetails, addressId: req.matrikkelDetails.addressId ?? null }, contactInfo: null, notes: null,
    autoCreated: false, isDraft: false, isNearByJob: false,
    jobTasks: [{
      taskId: req.taskRequest.taskId, jobId: req.jobId, jobType: req.jobType, title: req.title, typeId: req.jobTypeId,
      statusId: TaskStatus.NotStarted, description: null, isActive: true, isDeleted: false, taskOrder: 0, taskNo: 1,
      externalRefId: null, externalRefText: null, assignedTo: req.assignedToId, assigneeName: req.assigneeName,
      scheduleItemId: null, startDate: null, subscriberDetails: req.taskRequest.subscriberDetails, newWaterMeterObj: null,
      dismantleObj: null, additionalDetailsRequest: null, notes: null,
    }],
    companyId: 'company-a', createdBy: typeof req.createdBy === 'string' ? req.createdBy : req.createdBy.email, createdAt: now, updatedAt: now, version: 1,
  };
}

/** A create payload as the new-job page builds it (spec 1 §3). */
export function createRequest(jobId: string, taskId: string, assignedToId: number, over: Partial<CreateJobRequest> = {}): CreateJobRequest & { jobId: string } {
  return {
    jobId, roleId: 1, refNo: 0, title: 'Utskifting av vannmåler', jobTypeId: 2, jobType: 'Replace',
    matrikkelDetails: { matrikkelNummer: '4601001200003400000000', matrikkelenhetId: 12345, addressId: 77 },
    subscriberText: 'Strandgaten 12, 5013 Bergen', scheduledDate: null, dueDate: null, assignedToId,
    assigneeName: 'Ola Nordmann', createdBy: 'ola@example.no', status: JobStatus.New, description: null, severity: 2,
    taskRequest: {
      taskId, isActive: true, taskNo: 1, jobType: 'Replace', taskOrder: 0, statusId: 1, description: null,
      externalRefId: null, externalRefText: null,
      subscriberDetails: { addressId: 77, addressText: 'Strandgaten 12, 5013 Bergen', location: { x: 297000, y: 6700000, srs: 25832 }, coordinateSource: 'Property' },
    },
    ...over,
  };
}

/** A create with this address is refused by the fake server (a business rule, not a schema one). */
export const UNKNOWN_ADDRESS = 'Ukjent adresse 0';
