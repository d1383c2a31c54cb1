import { describe, expect, it } from 'vitest';
import { capturedIO } from '../helpers/captured-io.js';
import { type Column, type DetailField, formatDateTime, type OutputFormat } from '../../src/output/format.js';
import { ListWriter, writeResource } from '../../src/output/writer.js';
import { PROJECT_COLUMNS, projectDetail } from '../../src/commands/projects/columns.js';
import { HOOK_COLUMNS, HOOK_DETAIL } from '../../src/commands/hooks/fields.js';
import { accessLevelName } from '../../src/params/access.js';

/** The output rule: what each format shows, checked format by format. */

const fakeIO = (options: { tty: boolean; color?: boolean; columns?: number }) =>
  capturedIO({ ...options, columns: options.columns ?? 160 });

async function list(
  items: unknown[],
  columns: readonly Column[],
  format: OutputFormat,
  tty: boolean,
  extra: { fields?: string[]; warn?: (m: string) => void; color?: boolean } = {},
) {
  const { io, out } = fakeIO({ tty, color: extra.color });
  const writer = new ListWriter(io, { format, fields: extra.fields, warn: extra.warn }, columns);
  await writer.write(items);
  await writer.end();
  return out();
}

async function view(
  item: unknown,
  detail: readonly DetailField[],
  columns: readonly Column[],
  format: OutputFormat,
  tty: boolean,
) {
  const { io, out } = fakeIO({ tty });
  await writeResource(io, { format }, item, { columns, detail });
  return out();
}

const SECRET = 'GR1348941secretrunners';
const PROJECT = {
  id: 7,
  name: 'mirror',
  path_with_namespace: 'acme/mirror',
  visibility: 'private',
  star_count: 2,
  created_at: '2021-01-05T13:00:00.000Z',
  last_activity_at: '2021-01-05T23:30:00.000Z',
  import_status: 'failed',
  import_error: 'could not clone https://bot:hunter2@git.example.com/x.git',
  import_url: 'https://bot:hunter2@git.example.com/x.git',
  runners_token: SECRET,
  namespace: { id: 3, full_path: 'acme' },
};
const HOOK = {
  id: 4,
  url: 'https://u:s3cret-pw@example.com/h',
  push_events: true,
  issues_events: false,
  enable_ssl_verification: true,
  created_at: '2021-01-05T13:00:00.000Z',
};

describe('output rule: json, ndjson and csv carry every field as the service sent it', () => {
  it('json and ndjson of a view keep the registration token and the import URL as they are', async () => {
    expect(JSON.parse(await view(PROJECT, projectDetail(PROJECT), PROJECT_COLUMNS, 'json', false))).toEqual(PROJECT);
    expect(JSON.parse(await view(PROJECT, projectDetail(PROJECT), PROJECT_COLUMNS, 'ndjson', false))).toEqual(PROJECT);
  });

  it('csv has a column per field, values untouched (dates, numbers), nested values as JSON text', async () => {
    const text = await list([PROJECT], PROJECT_COLUMNS, 'csv', false);
    const [header, row] = text.split('\r\n');
    expect(header?.split(',')).toEqual(Object.keys(PROJECT));
    expect(row).toContain(',2021-01-05T13:00:00.000Z,2021-01-05T23:30:00.000Z,');
    expect(row).toContain(`,https://bot:hunter2@git.example.com/x.git,${SECRET},"{""id"":3,""full_path"":""acme""}"`);
  });

  it('csv with --fields: those paths, raw (an access level stays a number)', async () => {
    const columns: Column[] = [{ header: 'ACCESS', path: 'access', format: accessLevelName }];
    expect(
      await list([{ access: 30, at: '2021-01-05T13:00:00Z' }], columns, 'csv', false, { fields: ['access', 'at'] }),
    ).toBe('access,at\r\n30,2021-01-05T13:00:00Z\r\n');
  });
});

describe('output rule: the table never shows secrets', () => {
  for (const tty of [true, false]) {
    const where = tty ? 'on a terminal' : 'piped as tab-separated text';
    it(`${where}: registration tokens redacted, credentials in URLs masked`, async () => {
      const detail = await view(PROJECT, projectDetail(PROJECT), PROJECT_COLUMNS, 'table', tty);
      expect(detail).not.toContain('hunter2');
      expect(detail).toContain('https://bot:****@git.example.com/x.git');
      const rows = await list(
        [PROJECT],
        [...PROJECT_COLUMNS, { header: 'TOKEN', path: 'runners_token' }, { header: 'NS', path: 'namespace' }],
        'table',
        tty,
      );
      expect(rows).not.toContain(SECRET);
      expect(rows).toContain('[redacted]');
      const nested = await list([{ id: 1, group: { runners_token: SECRET } }], [], 'table', tty, { fields: ['group'] });
      expect(nested).not.toContain(SECRET);
    });

    it(`${where}: a hook's URL with a password is masked in hooks list and hooks view`, async () => {
      const rows = await list([HOOK], HOOK_COLUMNS, 'table', tty);
      const detail = await view(HOOK, HOOK_DETAIL, HOOK_COLUMNS, 'table', tty);
      for (const text of [rows, detail]) {
        expect(text).not.toContain('s3cret-pw');
        expect(text).toContain('https://u:****@example.com/h');
      }
      // The data formats carry it: the user asked for the data.
      expect(JSON.parse(await view(HOOK, HOOK_DETAIL, HOOK_COLUMNS, 'json', tty)).url).toBe(HOOK.url);
    });
  }
});

describe('output rule: dates and names formatted only on a terminal', () => {
  /** The process's own zone, as Date's local getters read it. */
  const local = (iso: string) => {
    const d = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  };

  it("a terminal shows every timestamp as YYYY-MM-DD HH:MM in the run's time zone (TZ honoured)", async () => {
    expect(formatDateTime('2021-01-05T13:00:00.000Z', 'Asia/Tokyo')).toBe('2021-01-05 22:00');
    expect(formatDateTime('2021-01-05T14:00:00+01:00', 'Asia/Tokyo')).toBe('2021-01-05 22:00');
    expect(formatDateTime('2021-01-05T13:00:00.000Z', 'America/New_York')).toBe('2021-01-05 08:00');
    expect(formatDateTime('2021-01-05T13:00:00.000Z', ':Europe/Paris')).toBe('2021-01-05 14:00');
    // No TZ, or one Intl does not know: the process's local zone.
    expect(formatDateTime('2021-01-05T13:00:00.000Z')).toBe(local('2021-01-05T13:00:00.000Z'));
    expect(formatDateTime('2021-01-05T13:00:00.000Z', 'Not/AZone')).toBe(local('2021-01-05T13:00:00.000Z'));
    // A date alone has no time zone: as it is.
    expect(formatDateTime('2026-01-31', 'Asia/Tokyo')).toBe('2026-01-31');
    const rows = fakeIO({ tty: true });
    rows.io.timeZone = 'America/New_York';
    const writer = new ListWriter(rows.io, { format: 'table' }, PROJECT_COLUMNS);
    await writer.write([PROJECT]);
    await writer.end();
    expect(rows.out()).toContain('2021-01-05 18:30');
    const detail = fakeIO({ tty: true });
    detail.io.timeZone = 'Asia/Tokyo';
    await writeResource(detail.io, { format: 'table' }, HOOK, { columns: HOOK_COLUMNS, detail: HOOK_DETAIL });
    expect(detail.out()).toMatch(/^Created +2021-01-05 22:00$/m);
  });

  it('piped text keeps the service values: raw timestamps, numbers and flags, no formats', async () => {
    expect(await list([PROJECT], PROJECT_COLUMNS, 'table', false)).toBe(
      '7\tacme/mirror\tprivate\t2\t2021-01-05T23:30:00.000Z\n',
    );
    const columns: Column[] = [{ header: 'ACCESS', path: 'access', format: accessLevelName }];
    expect(await list([{ access: 30 }], columns, 'table', false)).toBe('30\n');
    expect(await list([{ access: 30 }], columns, 'table', true)).toContain('developer');
    const detail = await view(HOOK, HOOK_DETAIL, HOOK_COLUMNS, 'table', false);
    expect(detail).toContain('TLS verification\ttrue\n');
    expect(detail).toContain('Created\t2021-01-05T13:00:00.000Z\n');
    // A derived value (a hook's events, from its *_events flags) is the same in both.
    expect(detail).toContain('Events\tpush\n');
  });
});

describe('--fields that match nothing', () => {
  it('names every path that none of the first items has, in one warning', async () => {
    const warnings: string[] = [];
    const items = [
      { id: 1, a: { b: null } },
      { id: 2, sparse: 'x' },
    ];
    for (const format of ['table', 'json', 'ndjson', 'csv'] as const) {
      warnings.length = 0;
      await list(items, [], format, false, {
        fields: ['id', 'nope.x', 'sparse', 'a.b', 'zz'],
        warn: (m) => warnings.push(m),
      });
      expect(warnings).toEqual(['no item has the fields "nope.x", "zz"']);
    }
    warnings.length = 0;
    await list(items, [], 'table', false, { fields: ['nope.x'], warn: (m) => warnings.push(m) });
    expect(warnings).toEqual(['no item has the field "nope.x"']);
  });

  it('names the field a misspelt --fields path was likely meant to be, one object down too', async () => {
    const warnings: string[] = [];
    const items = [{ id: 1, merge_method: 'ff', namespace: { full_path: 'acme' } }];
    await list(items, [], 'json', false, {
      fields: ['merge_methd', 'namespace.ful_path'],
      warn: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([
      'no item has the fields "merge_methd" (did you mean merge_method?), "namespace.ful_path" (did you mean namespace.full_path?)',
    ]);
  });

  it('says nothing when every path is found in some item', async () => {
    const warnings: string[] = [];
    await list([{ id: 1 }, { id: 2, sparse: 1 }], [], 'table', false, {
      fields: ['id', 'sparse'],
      warn: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([]);
  });
});

describe('status colours', () => {
  it('colour visibility and a failed import when colour is on, and nothing when it is off', async () => {
    const coloured = await list([PROJECT], PROJECT_COLUMNS, 'table', true, { color: true });
    // magenta for private, red for a failed import (on the path)
    expect(coloured).toContain('\u001b[35mprivate\u001b[39m');
    expect(coloured).toContain('\u001b[31macme/mirror\u001b[39m');
    const plain = await list([PROJECT], PROJECT_COLUMNS, 'table', true, { color: false });
    expect(plain).not.toContain('\u001b[');
  });
});
