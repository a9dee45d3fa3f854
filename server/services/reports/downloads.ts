/**
 * The spreadsheet downloads a process serves at once, and the body each streams into. A few per
 * company, so one company's downloads never keep another's out, and more per process only as a guard
 * on the server's own work; past either, 429. A download that nobody reads for stallMs is cut and
 * gives its place back (a reader that stops would otherwise hold it for as long as it keeps the
 * connection open). Tests shorten stallMs.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { TooManyError } from '../../http/errors';

export const SPREADSHEET_LIMITS = { perCompany: 2, perProcess: 16, stallMs: 60_000 };
const spreadsheetsRunning = new Map<string, number>();
let spreadsheetsInProcess = 0;

/**
 * A place among the spreadsheets a company writes at once, or 429 when its places (or the process's)
 * are taken; the returned function gives it back (call it once the download has ended, however it ended).
 */
export function claimSpreadsheetSlot(companyId: string): () => void {
  const running = spreadsheetsRunning.get(companyId) ?? 0;
  if (running >= SPREADSHEET_LIMITS.perCompany) {
    throw new TooManyError(`Your company is already exporting ${running} reports; try again when one has finished downloading`, 60);
  }
  if (spreadsheetsInProcess >= SPREADSHEET_LIMITS.perProcess) throw new TooManyError('Too many reports are being exported right now; try again in a minute', 60);
  spreadsheetsRunning.set(companyId, running + 1);
  spreadsheetsInProcess++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    spreadsheetsInProcess--;
    const left = (spreadsheetsRunning.get(companyId) ?? 1) - 1;
    if (left > 0) spreadsheetsRunning.set(companyId, left);
    else spreadsheetsRunning.delete(companyId);
  };
}

/**
 * The body of a download: a pass-through that destroys itself when bytes wait in it and nobody has
 * asked for more for stallMs (_read is called whenever the reader takes data).
 */
export class DownloadBody extends PassThrough {
  private lastRead = Date.now();
  private readonly watch: NodeJS.Timeout;

  constructor(stallMs: number) {
    super();
    this.watch = setInterval(() => {
      if (this.readableLength > 0 && Date.now() - this.lastRead >= stallMs) this.destroy(new Error(`report download not read for ${stallMs} ms`));
    }, Math.max(10, Math.floor(stallMs / 4)));
    this.watch.unref();
    this.once('close', () => clearInterval(this.watch));
  }

  override _read(size: number): void {
    this.lastRead = Date.now();
    super._read(size);
  }
}

/** Resolves when `out` takes more; throws when it was closed (the download was given up). */
export async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('report download closed');
  if (!out.writableNeedDrain) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  const gone = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: gone.signal }), once(out, 'close', { signal: gone.signal })]);
  } finally {
    gone.abort();
  }
  if (out.destroyed) throw new Error('report download closed');
}
