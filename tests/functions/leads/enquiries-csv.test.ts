import { describe, expect, it } from 'vitest';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { csvCell, toCsv } from '../../../functions/_lib/csv.ts';
import { ENQUIRY_FIELDS } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, methodNotAllowed, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

useBlobs();

/** A strict RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      if (char === '"' || char === '\n' || char === '\r')
        throw new Error(`bare ${JSON.stringify(char)} at ${i}`);
      cell += char;
    }
  }
  if (quoted || cell !== '' || row.length) throw new Error('unterminated');
  return rows;
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=1', 'a=1'],
    ['', ''],
    // What a spreadsheet would not show, set aside before the first character is looked at.
    ['\u200e=1+1', `"'\u200e=1+1"`],
    ['\u200f\u061c+1', `"'\u200f\u061c+1"`],
    ['\u202e-1', `"'\u202e-1"`],
    ['\u2066@SUM(A1)\u2069', `"'\u2066@SUM(A1)\u2069"`],
    ['\u200b\ufeff\u00ad=1', `"'\u200b\ufeff\u00ad=1"`],
    ['\u0007=1', `"'\u0007=1"`],
    ['  =1+1', `"'  =1+1"`],
    ['\u3000=1+1', `"'\u3000=1+1"`],
    // Full-width and small forms fold to the ASCII they look like.
    ['\uff1d1+1', `"'\uff1d1+1"`],
    ['\uff0b1', `"'\uff0b1"`],
    ['\uff0d1', `"'\uff0d1"`],
    ['\uff20SUM(A1)', `"'\uff20SUM(A1)"`],
    ['\ufe66cmd', `"'\ufe66cmd"`],
    // Commands and a second separator.
    ['|calc', `"'|calc"`],
    [';=1+1', `"';=1+1"`],
    ['a;=1+1', '"a;=1+1"'],
    ['a|b', 'a|b'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('joins lists and writes booleans and missing values', () => {
    expect(csvCell(['Commercial', 'Others'])).toBe('"Commercial, Others"');
    expect(csvCell([])).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends every row with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });
});

describe('GET /api/enquiries.csv (admin)', () => {
  it('exports every enquiry, newest first, safe for spreadsheets', async () => {
    const hostile = {
      // A formula, without a link: a link in a name is held as spam (functions/_lib/hold.ts).
      fullName: '=SUM(A1:A9)*HYPERLINK(B1,"click")',
      designation: '+SUM(1,2)',
      country: '-India',
      stateProvince: '@Kerala',
      fullAddress: 'Line one, "Rose Villa"\r\nLine two',
      additionalComments: 'Tab\tinside, and a quote "',
      cityTownVillage: '\uff1d1+1',
      monthlyElectricityBill: '',
    };
    for (const enquiry of [validEnquiry({ fullName: 'First' }), validEnquiry(hostile)]) {
      expect((await call(enquiriesFn, { path: '/api/enquiries', json: enquiry })).status).toBe(201);
    }
    const res = await call(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, for Excel

    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.slice(0, 4)).toEqual(['ID', 'Date', 'Full Name', 'Designation']);
    expect(rows[0]).toHaveLength(2 + ENQUIRY_FIELDS.length + 7);
    expect(rows[0]!.slice(-7)).toEqual([
      'Language',
      'Status',
      'Last change',
      'Landing page',
      'Referrer',
      'Campaign',
      'Sent from',
    ]);
    const [, newest, oldest] = rows;
    expect(oldest![2]).toBe('First');
    const column = (field: string) => newest![2 + ENQUIRY_FIELDS.indexOf(field as never)];
    expect(column('fullName')).toBe(`'${hostile.fullName}`);
    expect(column('designation')).toBe(`'${hostile.designation}`);
    expect(column('country')).toBe(`'${hostile.country}`);
    expect(column('stateProvince')).toBe(`'${hostile.stateProvince}`);
    expect(column('fullAddress')).toBe(hostile.fullAddress);
    expect(column('additionalComments')).toBe(hostile.additionalComments);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r|;]/);
    expect(column('cityTownVillage')).toBe(`'${hostile.cityTownVillage}`);
  });

  it('neutralises a formula behind a direction mark or in full-width forms', async () => {
    const comments = '\u200e=HYPERLINK("http://evil.example","x")';
    const enquiry = validEnquiry({
      fullName: '\uff1dcmd|"/c calc"!A1',
      additionalComments: comments,
    });
    expect((await call(enquiriesFn, { path: '/api/enquiries', json: enquiry })).status).toBe(201);
    const res = await call(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    const [, row] = parseCsv(await res.text());
    const column = (field: string) => row![2 + ENQUIRY_FIELDS.indexOf(field as never)];
    expect(column('fullName')).toBe(`'${enquiry['fullName'] as string}`);
    expect(column('additionalComments')).toBe(`'${comments}`);
  });

  it('exports a header row only when there are no enquiries', async () => {
    const res = await call(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    expect(parseCsv(await res.text())).toHaveLength(1);
  });

  it('answers 405 with Allow: GET, HEAD', async () => {
    expect(
      await methodNotAllowed(enquiriesCsvFn, { method: 'DELETE', path: '/api/enquiries.csv' }),
    ).toBe('GET, HEAD');
  });
});
