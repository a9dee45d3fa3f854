/** `npm run import:register` (server/services/register/): files as utilities send them, every refusal, and the CLI. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterPoints, registerLookups } from '../../server/db/schema';
import { DEMO_REGISTER_LOOKUPS, demoRegisterPoints, seedRegister } from '../../server/db/seedRegister';
import { createHubPublisher } from '../../server/hub/publisher';
import { pgBossQueue } from '../../server/queue';
import { importRegister, importRegisterFile, MAX_REGISTER_ROWS, MAX_XLSX_BYTES, type RegisterSource } from '../../server/services/register/import';
import { MAX_RECORD_CHARS } from '../../server/services/register/csv';
import { createTestDatabase } from '../helpers/db';
import { seedTestPeople, type TestPeople } from '../helpers/app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let people: TestPeople;
let deps: Parameters<typeof importRegisterFile>[0];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'register-import-'));
let fileNo = 0;

const HEADER = 'waterMeterPointId,waterMeterId,meterSerial,agreementNo,assignmentType,priority,address,buildingNo,matrikkelenhetNr,installDate,dimension,zone,readerType,agreementType,status,referenceId,lat,lng';

const write = (content: string | Buffer, ext = 'csv') => {
  const file = path.join(dir, `register-${++fileNo}.${ext}`);
  fs.writeFileSync(file, content);
  return file;
};
const load = (content: string | Buffer, org = people.companyA.orgNumber) => importRegisterFile(deps, write(content), org);
const pointsOf = (externalId: number) => database.db.select().from(meterPoints).where(eq(meterPoints.externalId, externalId));
const count = async () => (await database.db.select({ id: meterPoints.id }).from(meterPoints)).length;
const lookupNames = async () => (await database.db.select().from(registerLookups).orderBy(asc(registerLookups.list), asc(registerLookups.id))).map((l) => `${l.list}:${l.id}:${l.name}`);

beforeAll(async () => {
  database = await createTestDatabase();
  people = await seedTestPeople(database.db);
  deps = { db: database.db, publisher: createHubPublisher(database.pool, database.db, pino({ level: 'silent' })), queue: pgBossQueue };
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a good file', () => {
  const good = [
    HEADER,
    '1001,501,AB123,AGR-1,replacement,2,"Storgata 12B, 0155 Oslo",300870001,0301-208/161,2014-05-20,DN20,Sone 1,Manuell,Privat,Aktiv,REF-1,59.9130637,10.7346298',
    '1002,502,AB124,AGR-1,2,1,"Storgata 12B, 0155 Oslo",300870001,0301-208/161,20.05.2014,DN25,Sone 1,Radio,Privat,Aktiv,,59.9130637,10.7346298',
    '1003,,,AGR-2,ny,,"Kirkeveien 3, 0368 Oslo",,,,,,,,,,,',
  ].join('\n');

  it('loads every row, maps lookup names to new ids, converts dates and keeps a point without coordinates', async () => {
    const report = await load(good);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ format: 'csv', separator: ',', encoding: 'utf-8', rows: 3, inserted: 3, updated: 0, unchanged: 0, withoutCoordinates: 1 });
    const [p] = await pointsOf(1002);
    expect(p).toMatchObject({
      companyId: people.companyA.id, customerId: people.customerId, waterMeterId: 502, assignmentType: 2, priority: 1, street: 'Storgata',
      address: 'Storgata 12B, 0155 Oslo', buildingNo: '300870001', installDate: '2014-05-20', lat: 59.9130637, lng: 10.7346298, referenceId: null,
    });
    const [noPlace] = await pointsOf(1003);
    expect(noPlace).toMatchObject({ lat: null, lng: null, assignmentType: 1, priority: 0, waterMeterId: null, dimensionId: null, street: 'Kirkeveien' });
    expect(await lookupNames()).toEqual([
      'agreementType:1:Privat', 'dimension:1:DN20', 'dimension:2:DN25', 'readerType:1:Manuell', 'readerType:2:Radio', 'status:1:Aktiv', 'zone:1:Sone 1',
    ]);
    expect(p.dimensionId).toBe(2);
  });

  it('changes nothing when the same file is loaded again, and updates only the changed row', async () => {
    const before = await database.db.select().from(meterPoints).orderBy(asc(meterPoints.id));
    expect(await load(good)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, newLookups: [] });
    expect(await database.db.select().from(meterPoints).orderBy(asc(meterPoints.id))).toEqual(before);
    const changed = await load(good.replace('REF-1', 'REF-1b').replace(',dn20,', ',dn20,'));
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect((await pointsOf(1001))[0].referenceId).toBe('REF-1b');
  });

  it('takes a lookup name differing in case only as the kept one', async () => {
    const report = await load([HEADER, '1004,,,AGR-3,new,,Kirkeveien 5,,,,dn20,SONE 1,,,,,,'].join('\r\n'));
    expect(report).toMatchObject({ inserted: 1, newLookups: [] });
    expect((await pointsOf(1004))[0]).toMatchObject({ dimensionId: 1, zoneId: 1 });
  });
});

describe('refused rows', () => {
  it('reports every bad cell with its line, column and reason, and writes nothing', async () => {
    const [points, lookups] = [await count(), await lookupNames()];
    const report = await load([
      HEADER,
      '2001,,,AGR,new,,"Bakken 1, 1337 Sandvika",,,,DN40,,,,,,,',
      'x,,,AGR,new,,Bakken 2,,,,,,,,,,,',
      '2003,,,,swap,1.5,Bakken 3,,,31.02.2020,,,,,,,59.9,',
      '',
      '2004,,,AGR,replacement,,,,,2020/01/01,,,,,,,10.7,59.9',
      '2001,,,AGR,new,,"Bakken 1, 1337 Sandvika",,,,,,,,,,,',
    ].join('\n'));
    expect(report.refusedRows).toBe(4);
    expect(report.problems.map((p) => [p.line, p.column])).toEqual([
      [3, 'waterMeterPointId'],
      [4, 'agreementNo'], [4, 'assignmentType'], [4, 'priority'], [4, 'installDate'], [4, 'lng'],
      [6, 'waterMeterId'], [6, 'address'], [6, 'installDate'], [6, 'lat'],
      [7, 'waterMeterPointId'],
    ]);
    expect(report.problems.find((p) => p.line === 4 && p.column === 'installDate')!.reason).toBe('"31.02.2020" is no day as YYYY-MM-DD or dd.MM.yyyy');
    expect(report.problems.find((p) => p.line === 6 && p.column === 'lat')!.reason).toMatch(/outside Norway \(lat and lng swapped\?\)/);
    expect(report.problems.at(-1)!.reason).toBe('2001 is already on line 2');
    expect(await count()).toBe(points);
    expect(await lookupNames()).toEqual(lookups);
  });

  it('refuses a header without a required column, naming it', async () => {
    const report = await load('waterMeterPointId;agreementNo;address;lat\n3001;A;Veien 1;59.9\n');
    expect(report.problems.map((p) => `${p.line} ${p.column}: ${p.reason}`)).toEqual([
      '1 assignmentType: the header has no such column, and it is required',
      '1 lng: the header lacks this column: lat and lng come together',
    ]);
  });

  it('names the line where a quoted field opens and never closes', async () => {
    const report = await load(`${HEADER}\n3002,,,A,new,,"Veien 1,,,,,,,,,,,\n`);
    expect(report.problems).toEqual([{ line: 2, column: null, reason: 'a quoted field is not closed before the end of the file' }]);
  });

  it('refuses a point allotted to another company and leaves it where it is', async () => {
    expect(await load([HEADER, '4000,501,AB123,AGR-1,replacement,2,Storgata 14,,,,,,,,,,,'].join('\n'))).toMatchObject({ inserted: 1 });
    const report = await load([HEADER, '4000,501,AB123,AGR-1,replacement,2,Storgata 14,,,,,,,,,,,', '4001,,,AGR,new,,Veien 9,,,,,,,,,,,'].join('\n'), people.companyB.orgNumber);
    expect(report.problems).toEqual([{ line: 2, column: 'waterMeterPointId', reason: 'point 4000 is allotted to another company' }]);
    expect((await pointsOf(4000))[0].companyId).toBe(people.companyA.id);
    expect(await pointsOf(4001)).toEqual([]);
  });

  it('refuses an unknown company before reading anything', async () => {
    await expect(load(HEADER, '999999999')).rejects.toThrow('No company has the organisation number 999999999.');
  });
});

describe('files as people send them', () => {
  it('reads semicolons with decimal commas', async () => {
    const report = await load('WATERMETERPOINTID;Agreement_No;assignment type;Address;Lat;Lng;Installdate;Kommentar\n5001;A;Utskifting;Bryggen 1;60,3971;5,3245;1.2.2019;"ring, først"\n'.replace('Utskifting', 'new'));
    expect(report).toMatchObject({ separator: ';', inserted: 1, ignoredColumns: ['Kommentar'] });
    expect((await pointsOf(5001))[0]).toMatchObject({ lat: 60.3971, lng: 5.3245, installDate: '2019-02-01' });
  });

  it('reads Windows-1252 (æøå) and UTF-8 with a BOM alike', async () => {
    const text = `${HEADER}\n5002,,,A,ny,,"Bjørnstjerne Bjørnsons gate 2, 3044 Drammen",,,,,Sone Ærø,,,Første gang,,,\n`;
    const report = await load(Buffer.from(text, 'latin1'));
    expect(report).toMatchObject({ encoding: 'windows-1252', inserted: 1 });
    expect((await pointsOf(5002))[0]).toMatchObject({ address: 'Bjørnstjerne Bjørnsons gate 2, 3044 Drammen', street: 'Bjørnstjerne Bjørnsons gate' });
    const bom = await load(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace('5002', '5003'), 'utf8')]));
    expect(bom).toMatchObject({ encoding: 'utf-8', inserted: 1, newLookups: [] });
    expect((await pointsOf(5003))[0].zoneId).toBe((await pointsOf(5002))[0].zoneId);
  });

  it('keeps a line break inside a quoted field and counts the lines after it', async () => {
    const report = await load(`${HEADER}\r\n5004,,,A,new,,"Øvre gate 1\r\nInngang bak",,,,,,,,,,,\r\n5005,,,A,new,,Øvre gate 3,,,,,,,,,,,\r\n5006,,,A,oops,,Øvre gate 5,,,,,,,,,,,\r\n`);
    expect(report.problems).toEqual([{ line: 5, column: 'assignmentType', reason: expect.stringMatching(/^"oops" is none of/) }]);
    expect(await load(`${HEADER}\n5004,,,A,new,,"Øvre gate 1\nInngang bak",,,,,,,,,,,\n`)).toMatchObject({ inserted: 1 });
    expect((await pointsOf(5004))[0].address).toBe('Øvre gate 1\nInngang bak');
  });

  it('keeps text exactly as written: quotes, backslashes, braces, commas, NULL as a word', async () => {
    const odd = ['12" rør {inne}', 'C:\\Målere\\"x"', 'NULL', 'a,b;c', '\\', '"'];
    const csv = (serial: string, i: number) => `${9101 + i},,"${serial.replace(/"/g, '""')}",A,new,,"Vei ${i}, 0155 Oslo",${',,,,,,,,'}NULL,59.9,10.7`;
    const report = await load([HEADER, ...odd.map(csv)].join('\n'));
    expect(report).toMatchObject({ problems: [], inserted: odd.length });
    for (const [i, serial] of odd.entries()) expect((await pointsOf(9101 + i))[0]).toMatchObject({ meterSerial: serial, referenceId: 'NULL', lat: 59.9, lng: 10.7 });
    expect(await load([HEADER, ...odd.map(csv)].join('\n'))).toMatchObject({ inserted: 0, updated: 0, unchanged: odd.length });
  });

  it('converts UTM in EPSG 25832 and 25833 to WGS84 (Oslo city hall)', async () => {
    const report = await load([
      'waterMeterPointId,agreementNo,assignmentType,address,east,north,epsg',
      '6001,A,new,Fridtjof Nansens plass 1,597000,6643000,25832',
      '6002,A,new,Fridtjof Nansens plass 2,262000,6650000,EPSG:25833',
      '6003,A,new,Fridtjof Nansens plass 3,"597000,5",6643000,',
      '6004,A,new,Fridtjof Nansens plass 4,6643000,597000,25832',
      '6005,A,new,Fridtjof Nansens plass 5,597000,6643000,4326',
    ].join('\n'));
    expect(report.problems.map((p) => `${p.line} ${p.column}`)).toEqual(['5 east', '6 epsg']);
    const ok = await load([
      'waterMeterPointId,agreementNo,assignmentType,address,east,north,epsg',
      '6001,A,new,Fridtjof Nansens plass 1,597000,6643000,25832',
      '6002,A,new,Fridtjof Nansens plass 2,262000,6650000,EPSG:25833',
      // No epsg: the customer's zone (county 46, Vestland: zone 32).
      '6003,A,new,Fridtjof Nansens plass 3,"597000,5",6643000,',
    ].join('\n'));
    expect(ok.inserted).toBe(3);
    // Known values (an independent Krüger-series inverse agrees to 1e-7°).
    const [z32] = await pointsOf(6001);
    expect(z32.lat).toBeCloseTo(59.9130637, 6);
    expect(z32.lng).toBeCloseTo(10.7346298, 6);
    const [z33] = await pointsOf(6002);
    expect(z33.lat).toBeCloseTo(59.9185595, 6);
    expect(z33.lng).toBeCloseTo(10.7415659, 6);
    expect((await pointsOf(6003))[0].lng).toBeGreaterThan(z32.lng!);
  });

  it('reads the first sheet of an .xlsx, with number and date cells, naming sheet rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Register');
    ws.addRow(['Vannmålerregister Bergen']);
    ws.spliceRows(1, 1);
    ws.addRow(['waterMeterPointId', 'waterMeterId', 'agreementNo', 'assignmentType', 'address', 'installDate', 'lat', 'lng', 'dimension']);
    ws.addRow([7001, 9001, 'AGR-7', 'Demontering', { richText: [{ text: 'Strand' }, { text: 'gaten 1' }] }, new Date(Date.UTC(2016, 8, 30)), 60.3925, 5.3233, 'DN32']);
    ws.addRow([]);
    ws.addRow([7002, null, 'AGR-7', 'new', 'Strandgaten 3', '30.09.2016', 60.3926, 5.3234, 'DN32']);
    wb.addWorksheet('Notes').addRow(['not read']);
    const file = write(Buffer.from(await wb.xlsx.writeBuffer()), 'xlsx');
    const report = await importRegisterFile(deps, file, people.companyA.orgNumber);
    expect(report).toMatchObject({ format: 'xlsx', rows: 2, inserted: 2 });
    expect((await pointsOf(7001))[0]).toMatchObject({ address: 'Strandgaten 1', waterMeterId: 9001, assignmentType: 3, installDate: '2016-09-30', lat: 60.3925 });

    ws.getCell('D4').value = 'sometimes';
    const bad = await importRegisterFile(deps, write(Buffer.from(await wb.xlsx.writeBuffer()), 'xlsx'), people.companyA.orgNumber);
    expect(bad.problems.map((p) => `${p.line} ${p.column}`)).toEqual(['4 assignmentType']);
  });
});

/** A source of `first` and then `rest()` repeated (without end unless `times`), counting the bytes pulled. */
function countingSource(name: string, first: string | Buffer, rest: () => string | Buffer, times = Infinity) {
  const source = {
    name, pulled: 0, opened: 0,
    open() {
      source.opened += 1;
      return (async function* () {
        const chunk = (c: string | Buffer) => (typeof c === 'string' ? Buffer.from(c) : c);
        source.pulled += chunk(first).length;
        yield chunk(first);
        for (let i = 0; i < times; i++) {
          const next = chunk(rest());
          source.pulled += next.length;
          yield next;
        }
      })();
    },
  } satisfies RegisterSource & { pulled: number; opened: number };
  return source;
}

describe('large and hostile files', () => {
  const MB = 1024 * 1024;
  let next = 20_000;
  /** About 1 MB of good rows with new ids. */
  const rowsMb = () => {
    const lines: string[] = [];
    for (let size = 0; size < MB;) {
      const line = `${next++},,,A,new,,Storgata ${next % 100},,,,,,,,,,,\n`;
      lines.push(line);
      size += line.length;
    }
    return lines.join('');
  };

  it('checks the header before reading on: a header lacking a required column is refused after its first chunk of an endless file', async () => {
    const source = countingSource('endless.csv', 'waterMeterPointId;agreementNo;address\n1;A;Veien 1\n', rowsMb);
    const report = await importRegister(deps, source, people.companyA.orgNumber);
    expect(report).toMatchObject({ headerRefused: true, rows: 0, refusedRows: 0 });
    expect(report.problems).toEqual([{ line: 1, column: 'assignmentType', reason: 'the header has no such column, and it is required' }]);
    // The first chunk only: not one of the megabytes after it.
    expect(source.pulled).toBeLessThan(100);
  });

  it(`refuses a file past its row cap while reading it (${MAX_REGISTER_ROWS.toLocaleString('en-US')} rows), naming the cap, and writes nothing`, async () => {
    const before = await count();
    const source = countingSource('endless.csv', `${HEADER}\n`, rowsMb);
    await expect(importRegister(deps, source, people.companyA.orgNumber, { maxRows: 30_000 }))
      .rejects.toThrow(/^The file holds more than 30,000 rows, the most one import takes \(line 30002\); nothing was written/);
    expect(source.pulled).toBeLessThan(3 * MB);
    expect(await count()).toBe(before);
  });

  it('refuses an unclosed quote once its record passes the longest one read, not at the end of an endless file', async () => {
    const source = countingSource('endless.csv', `${HEADER}\n9001,,,A,new,,"Veien 1,,,,,,,,,,,\n`, rowsMb);
    const report = await importRegister(deps, source, people.companyA.orgNumber);
    expect(report.problems).toEqual([{ line: 2, column: null, reason: `the record is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters (a quoted field not closed?)` }]);
    expect(source.pulled).toBeLessThan(MAX_RECORD_CHARS + 2 * MB);
  });

  it('reads a file again as Windows-1252 from its start when a byte that is not UTF-8 comes after two megabytes of plain text', async () => {
    const first = next;
    const chunks = [`${HEADER}\n`, rowsMb(), rowsMb(), `${next},,,A,ny,,"Bjørnstjerne Bjørnsons gate 9, 3044 Drammen",,,,,Sone Ærø,,,,,,\n`]
      .map((c, i, all) => Buffer.from(c, i === all.length - 1 ? 'latin1' : 'utf8'));
    let opened = 0;
    const source: RegisterSource = { name: 'late-1252.csv', open: () => (opened++, (async function* () { yield* chunks; })()) };
    const report = await importRegister(deps, source, people.companyA.orgNumber);
    expect(report).toMatchObject({ encoding: 'windows-1252', problems: [], rows: next - first + 1, inserted: next - first + 1 });
    expect(opened).toBe(2);
    expect((await pointsOf(first))[0].address).toBe(`Storgata ${(first + 1) % 100}`);
    expect((await pointsOf(next))[0]).toMatchObject({ address: 'Bjørnstjerne Bjørnsons gate 9, 3044 Drammen', street: 'Bjørnstjerne Bjørnsons gate' });
  }, 60_000);

  it(`refuses a workbook larger than ${MAX_XLSX_BYTES / MB} MB while reading it`, async () => {
    // A zip's first entry, stored (not compressed), of 200 MB: read through by the unzipping stream.
    const name = Buffer.from('xl/media/image1.png');
    const entry = Buffer.alloc(30);
    entry.writeUInt32LE(0x04034b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt32LE(200 * MB, 18);
    entry.writeUInt32LE(200 * MB, 22);
    entry.writeUInt16LE(name.length, 26);
    const zeros = Buffer.alloc(MB);
    const source = countingSource('big.xlsx', Buffer.concat([entry, name]), () => zeros, 200);
    await expect(importRegister(deps, source, people.companyA.orgNumber)).rejects.toThrow(`big.xlsx is larger than ${MAX_XLSX_BYTES / MB} MB, the largest workbook the import reads`);
    expect(source.pulled).toBeLessThan(MAX_XLSX_BYTES + 2 * MB);
  });
});

describe('the command', () => {
  const cli = path.resolve('server/cli/importRegister.ts');
  const run = (args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
    // As npm runs it: in the package's folder, INIT_CWD naming where the command was typed.
    env: { ...process.env, DATABASE_URL: database.url, SEED_DEMO_DATA: 'false', INIT_CWD: dir },
  }).then((r) => ({ code: 0, ...r }), (e: { code: number; stdout: string; stderr: string }) => e);

  it('loads a file and prints the counts; a refused row exits 1 naming its line; a wrong call exits 2', async () => {
    const good = write(`${HEADER}\n8001,,,A,new,,Lia 1,,,,,,,,,,,\n`);
    const ok = await run([path.basename(good), '--company', people.companyA.orgNumber]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/inserted 1, updated 0, unchanged 0/);
    const bad = await run([write(`${HEADER}\n8002,,,A,never,,Lia 2,,,,,,,,,,,\n`), '--company', people.companyA.orgNumber]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/1 row\(s\) refused, nothing written:\n {2}line 2, assignmentType: "never" is none of/);
    expect((await run([good])).code).toBe(2);
  }, 120_000);
});

describe('the demo register', () => {
  it('is deterministic, and seeds 50,000 points of the utility in UTM zones 32 and 33: about 1 % the other company\'s, shared buildings, some without coordinates', async () => {
    expect(demoRegisterPoints(300)).toEqual(demoRegisterPoints(300));
    const demo = await createTestDatabase();
    try {
      const demoPeople = await seedTestPeople(demo.db);
      const started = performance.now();
      await seedRegister(demo.db, { customerId: demoPeople.customerId, companyA: demoPeople.companyA.id, companyB: demoPeople.companyB.id });
      console.log(`seedRegister: 50,000 points in ${Math.round(performance.now() - started)} ms`);
      const [stats] = (await demo.db.execute<Record<string, number>>(sql`
        select count(*)::int as points, count(*) filter (where company_id = ${demoPeople.companyB.id})::int as other,
          count(*) filter (where lat is null)::int as unplaced, count(distinct building_no)::int as buildings,
          count(distinct assignment_type)::int as types, count(distinct priority)::int as priorities,
          count(distinct install_date)::int as days, count(distinct street)::int as streets,
          count(*) filter (where lng >= 12)::int as zone33,
          min(lat) filter (where lng < 12) as min_lat, max(lat) filter (where lng < 12) as max_lat,
          min(lng) as min_lng, max(lng) filter (where lng < 12) as max_lng, min(lng) filter (where lng >= 12) as min_lng33
        from meter_points`)).rows;
      expect(stats.points).toBe(50_000);
      expect(stats.other).toBeGreaterThan(250);
      expect(stats.other).toBeLessThan(1000);
      expect(stats.unplaced).toBeGreaterThan(100);
      expect(stats.unplaced).toBeLessThan(600);
      expect(stats.buildings).toBeLessThan(45_000);
      expect(stats.types).toBe(3);
      expect(stats.priorities).toBe(4);
      expect(stats.days).toBeGreaterThan(1000);
      expect(stats.streets).toBeGreaterThan(300);
      // Bærum west of 12°E (zone 32); Eidskog and Trysil east of it (zone 33), clear of the border.
      expect([stats.min_lat, stats.max_lat, stats.min_lng, stats.max_lng].map(Number)).toSatisfy(([a, b, c, d]: number[]) => a > 59.8 && b < 60.02 && c > 10.4 && d < 10.7);
      expect(Number(stats.min_lng33)).toBeGreaterThan(12.05);
      expect(stats.zone33 / stats.points).toBeGreaterThan(0.15);
      expect(stats.zone33 / stats.points).toBeLessThan(0.25);
      // Each side of 12°E has its own operating zones and municipalities.
      const sides = await demo.db.execute<{ east: boolean; zones: number[]; kommuner: string[] }>(sql`
        select lng >= 12 as east, array_agg(distinct zone_id order by zone_id) as zones, array_agg(distinct left(matrikkelenhet_nr, 4) order by left(matrikkelenhet_nr, 4)) as kommuner
        from meter_points where lng is not null group by 1 order by 1`);
      const zone = (name: string) => DEMO_REGISTER_LOOKUPS.zone.indexOf(name as never) + 1;
      expect(sides.rows).toEqual([
        { east: false, zones: [1, 2, 3, 4, 5, 6, 7, 8], kommuner: ['3201'] },
        { east: true, zones: [zone('Eidskog'), zone('Trysil')], kommuner: ['3416', '3421'] },
      ]);
      const lists = await demo.db.execute<{ list: string; n: number }>(sql`select list, count(*)::int as n from register_lookups group by list order by list`);
      expect(Object.fromEntries(lists.rows.map((r) => [r.list, r.n]))).toEqual(Object.fromEntries(Object.entries(DEMO_REGISTER_LOOKUPS).map(([l, names]) => [l, names.length])));
    } finally {
      await demo.close();
    }
  }, 120_000);
});
