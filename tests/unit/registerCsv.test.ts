/** The register's CSV reader (server/services/register/csv.ts): what files from utilities really hold. */
import { describe, expect, it } from 'vitest';
import { CsvError, CsvParser, decodeText, detectSeparator, parseCsv } from '../../server/services/register/csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);
const lines = (text: string) => parseCsv(text).map((r) => r.line);

describe('the CSV parser', () => {
  it('reads plain records, LF or CRLF, with or without a last line break', () => {
    expect(fields('a,b\n1,2\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r1,2\r')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps empty fields, also at the end of a record, and skips blank lines', () => {
    expect(fields('a,,c,\n\n\r\n1,2,,\n')).toEqual([['a', '', 'c', ''], ['1', '2', '', '']]);
    expect(lines('a\n\n\nb\n')).toEqual([1, 4]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, counting physical lines', () => {
    const text = 'id;address;note\r\n1;"Storgata 1; 2. etg";"sa ""hei"""\r\n2;"Bak\r\ngården";x\r\n3;"a\nb\nc";y\r\n4;z;w';
    const records = parseCsv(text, ';');
    expect(records.map((r) => r.fields)).toEqual([
      ['id', 'address', 'note'], ['1', 'Storgata 1; 2. etg', 'sa "hei"'], ['2', 'Bak\ngården', 'x'], ['3', 'a\nb\nc', 'y'], ['4', 'z', 'w'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5, 8]);
  });

  it('takes an empty quoted field as empty, and a quote inside an unquoted field as a character', () => {
    expect(fields('"",x\n12" rør,"a"\n')).toEqual([['', 'x'], ['12" rør', 'a']]);
  });

  it('gives the same records whatever the chunks (streaming), also split inside CRLF and doubled quotes', () => {
    const text = 'a;b\r\n"x""y";"line\r\nbreak"\r\n3;4\r\n';
    const whole = parseCsv(text, ';');
    for (let size = 1; size <= 7; size++) {
      const parser = new CsvParser(';');
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
      out.push(...parser.end());
      expect(out).toEqual(whole);
    }
  });

  it('names the line a quoted field opened on when it is never closed', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"open\n2,3\n');
    } catch (err) {
      expect((err as CsvError).line).toBe(2);
    }
  });
});

describe('separator and encoding', () => {
  it('detects the separator from the header line, ignoring quoted text', () => {
    expect(detectSeparator('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectSeparator('a;b;c\n1,2')).toBe(';');
    expect(detectSeparator('"x,y,z";a;b\n')).toBe(';');
  });

  it('reads UTF-8 with and without BOM, UTF-16 with BOM, and Windows-1252 where the bytes are not UTF-8', () => {
    const utf8 = Buffer.from('æøå;ÆØÅ', 'utf8');
    expect(decodeText(utf8)).toEqual({ text: 'æøå;ÆØÅ', encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual({ text: 'æøå;ÆØÅ', encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Bærum', 'utf16le')])).text).toBe('Bærum');
    expect(decodeText(Buffer.from([0xe6, 0xf8, 0xe5, 0x3b, 0xc6, 0xd8, 0xc5, 0x80]))).toEqual({ text: 'æøå;ÆØÅ€', encoding: 'windows-1252' });
  });
});
