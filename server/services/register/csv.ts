/**
 * CSV as utilities really send it (README "The meter register"): comma or semicolon separated (the
 * header line decides), UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 (what Excel
 * writes on a Norwegian Windows: a file that is not valid UTF-8 is read as that), CRLF or LF, quoted
 * fields holding separators, doubled quotes and line breaks. Every record carries the physical line it
 * starts on, so a refusal names the line an editor shows.
 *
 * Read as a stream (readCsv): bytes decoded chunk by chunk, the separator decided once the header line
 * is whole, records parsed as their text arrives; no record may grow past MAX_RECORD_CHARS, so an
 * unclosed quote in a large file holds no more than that. Whether bytes are UTF-8 is known only once
 * all are read: readCsv stops with NotUtf8Error at the first invalid sequence, and the caller reads the
 * file again from its start as Windows-1252 (a file is read whole in one encoding, as before).
 */
export interface CsvRecord {
  /** 1-based physical line the record starts on. */
  line: number;
  fields: string[];
}

export type CsvSeparator = ',' | ';';

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
  }
}

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'windows-1252';

/** Longest record (its fields and separators) read: far past any register line, short of a whole file. */
export const MAX_RECORD_CHARS = 1 << 20;

/** Bytes read as UTF-8 (no BOM) met a sequence that is not UTF-8: the file is Windows-1252. */
export class NotUtf8Error extends Error {}

/**
 * The encoding a file's first bytes (at least 3 when it has them) tell: a BOM's, else UTF-8 (`strict`:
 * not known until every byte is read; Windows-1252 where one is not UTF-8).
 */
export function encodingOf(head: Uint8Array): { encoding: CsvEncoding; strict: boolean } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', strict: false };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', strict: false };
  return { encoding: 'utf-8', strict: true };
}

/**
 * A decoder of a file's chunks in order (null: the end), a sequence split between chunks kept for the
 * next. A BOM at the start is dropped. `strict` UTF-8 throws NotUtf8Error at the first invalid sequence.
 */
export function chunkDecoder(encoding: CsvEncoding, strict = false): (bytes: Uint8Array | null) => string {
  if (encoding === 'windows-1252') return (bytes) => (bytes ? decodeWindows1252(bytes) : '');
  const decoder = new TextDecoder(encoding, { fatal: strict });
  return (bytes) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch (err) {
      if (strict && err instanceof TypeError) throw new NotUtf8Error('not UTF-8');
      throw err;
    }
  };
}

/** The text of a file's bytes, and which encoding it was read as. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const { encoding, strict } = encodingOf(bytes);
  try {
    const decode = chunkDecoder(encoding, strict);
    return { text: decode(bytes) + decode(null), encoding };
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Windows-1252's 0x80–0x9F (where it differs from Latin-1); undefined bytes stay as their C1 code. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Node 20's TextDecoder('windows-1252') decodes as Latin-1 (tried here: 0x80 becomes U+0080,
 * not €), so the 32 bytes where the two differ are mapped here. Buffer's latin1 is the same
 * mapping, many times faster than the TextDecoder's.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** The separator of the header line: semicolons when it holds more of them than commas (outside quotes). */
export function detectSeparator(text: string): CsvSeparator {
  const { commas, semicolons } = scanHeader(text);
  return semicolons > commas ? ';' : ',';
}

/** The header line's separators counted, up to its first line break outside quotes (`end`, -1: not yet in `text`). */
function scanHeader(text: string): { commas: number; semicolons: number; end: number } {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '\n' || c === '\r') return { commas, semicolons, end: i };
    else if (c === ',') commas++;
    else if (c === ';') semicolons++;
  }
  return { commas, semicolons, end: -1 };
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

const enum State { FieldStart, Unquoted, Quoted, QuoteInQuoted, AfterQuoted }

/**
 * An incremental parser: `push` chunks of text as they arrive and take the records completed so far;
 * `end` flushes the last one. A record of one empty field (a blank line) is skipped.
 */
export class CsvParser {
  private readonly sep: number;
  private state = State.FieldStart;
  private field = '';
  private fields: string[] = [];
  private line = 1;
  private recordLine = 1;
  /** A CR ended the last record: an LF right after it belongs to the same line break. */
  private skipLf = false;
  /** Inside quotes the last character was a CR (its line is counted; an LF after it is not). */
  private prevCr = false;
  /** Characters of the record's ended fields, a separator each: the record read so far is this plus `field`. */
  private recordChars = 0;

  constructor(separator: CsvSeparator) {
    this.sep = separator.charCodeAt(0);
  }

  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === LF) { i++; continue; }
      }
      if (this.state === State.Quoted) {
        const q = chunk.indexOf('"', i);
        const stop = q === -1 ? n : q;
        this.takeQuoted(chunk, i, stop);
        if (q === -1) break;
        this.state = State.QuoteInQuoted;
        i = q + 1;
        continue;
      }
      if (this.state === State.QuoteInQuoted) {
        if (c === QUOTE) {
          this.field += '"';
          this.state = State.Quoted;
          i++;
          continue;
        }
        this.state = State.AfterQuoted;
      }
      if (c === this.sep) {
        this.endField();
        i++;
      } else if (c === LF || c === CR) {
        this.endField();
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
        this.skipLf = c === CR;
        i++;
      } else if (c === QUOTE && this.state === State.FieldStart) {
        this.state = State.Quoted;
        this.prevCr = false;
        i++;
      } else {
        // A run of plain characters; a quote inside an unquoted field is kept as it is (12" rør).
        let j = i + 1;
        while (j < n) {
          const d = chunk.charCodeAt(j);
          if (d === this.sep || d === LF || d === CR) break;
          j++;
        }
        this.field += chunk.slice(i, j);
        if (this.state === State.FieldStart) this.state = State.Unquoted;
        i = j;
      }
    }
    // Checked once a chunk: a record may pass the bound by one chunk's length before it is refused.
    if (this.recordChars + this.field.length > MAX_RECORD_CHARS) {
      throw new CsvError(this.recordLine, `the record is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters (a quoted field not closed?)`);
    }
    return out;
  }

  /** The last record; a quoted field still open at the end is an error naming the line it opened on. */
  end(): CsvRecord[] {
    if (this.state === State.Quoted) throw new CsvError(this.recordLine, 'a quoted field is not closed before the end of the file');
    const out: CsvRecord[] = [];
    if (this.state !== State.FieldStart || this.fields.length > 0) {
      this.endField();
      this.endRecord(out);
    }
    return out;
  }

  /** Quoted text up to `stop`, counting its line breaks; a break inside a field is kept as "\n". */
  private takeQuoted(chunk: string, from: number, stop: number): void {
    let start = from;
    for (let k = from; k < stop; k++) {
      const d = chunk.charCodeAt(k);
      if (d === CR) {
        this.line++;
        this.field += chunk.slice(start, k) + '\n';
        start = k + 1;
        this.prevCr = true;
        continue;
      }
      if (d === LF) {
        if (this.prevCr) {
          this.field += chunk.slice(start, k);
        } else {
          this.line++;
          this.field += chunk.slice(start, k) + '\n';
        }
        start = k + 1;
      }
      this.prevCr = false;
    }
    this.field += chunk.slice(start, stop);
  }

  private endField(): void {
    this.fields.push(this.field);
    this.recordChars += this.field.length + 1;
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(out: CsvRecord[]): void {
    const fields = this.fields;
    this.fields = [];
    this.recordChars = 0;
    if (fields.length === 1 && fields[0] === '') return;
    out.push({ line: this.recordLine, fields });
  }
}

/** Every record of a whole text, in the separator its header line uses. */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvRecord[] {
  const parser = new CsvParser(separator);
  const records = parser.push(text);
  for (const r of parser.end()) records.push(r);
  return records;
}

/**
 * The records of a file's bytes as they arrive, in one encoding (see the module's comment); `onSeparator`
 * hears the separator once the header line is whole. A header line past MAX_RECORD_CHARS is a CsvError.
 */
export async function* readCsv(
  chunks: AsyncIterable<Uint8Array>, encoding: CsvEncoding, strict: boolean, onSeparator: (separator: CsvSeparator) => void,
): AsyncGenerator<CsvRecord, void, undefined> {
  const decode = chunkDecoder(encoding, strict);
  let parser: CsvParser | null = null;
  let head = '';
  const start = (text: string) => {
    const separator = detectSeparator(text);
    onSeparator(separator);
    return new CsvParser(separator);
  };
  for await (const chunk of chunks) {
    const text = decode(chunk);
    if (parser) {
      yield* parser.push(text);
      continue;
    }
    head += text;
    if (scanHeader(head).end < 0) {
      if (head.length > MAX_RECORD_CHARS) throw new CsvError(1, `the header line is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`);
      continue;
    }
    parser = start(head);
    yield* parser.push(head);
    head = '';
  }
  // `head` is empty once the parser has started.
  const rest = head + decode(null);
  parser ??= start(rest);
  yield* parser.push(rest);
  yield* parser.end();
}
