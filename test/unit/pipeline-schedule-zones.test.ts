import { describe, expect, it } from 'vitest';
import { CollabError } from '../../src/errors.js';
import { ACTIVESUPPORT_ZONES } from '../../src/params/activesupport-zones.js';
import { ruled } from '../../src/params/parsers.js';
import { cronZone, sameCronZone, TIMEZONE_RULE } from '../../src/params/pipeline-schedules.js';
import { tzNames } from '../../src/params/tz-names.js';

/**
 * cron_timezone as GitLab's CronParser reads it (lib/gitlab/ci/cron_parser.rb): an ActiveSupport
 * name is the TZInfo identifier its MAPPING gives, anything else an identifier.
 */
const zone = ruled(TIMEZONE_RULE);

function refused(value: string): string {
  try {
    zone(value, '--cron-timezone');
  } catch (error) {
    expect(error).toBeInstanceOf(CollabError);
    expect((error as CollabError).kind).toBe('usage');
    return (error as CollabError).message;
  }
  throw new Error(`${value} was accepted`);
}

describe('the cron_timezone rule', () => {
  it('takes an ActiveSupport name as spelt, as GitLab does', () => {
    expect(zone('Pacific Time (US & Canada)', '--cron-timezone')).toBe('Pacific Time (US & Canada)');
  });

  it('refuses a misspelt ActiveSupport name in one line naming both forms and the name it means', () => {
    expect(refused('Pacific Time (US and Canada)')).toBe(
      '--cron-timezone: invalid cron time zone "Pacific Time (US and Canada)": must be an IANA time zone (UTC, Europe/Berlin, America/New_York) or an ActiveSupport name (Berlin, Pacific Time (US & Canada)): did you mean "Pacific Time (US & Canada)"?',
    );
  });

  it('names the nearest zone for a misspelt IANA name, the offset for UTC+1, and none for a name near none', () => {
    expect(
      [refused('Europe/Berln'), refused('UTC+1'), refused('Mars/Olympus')].map((m) => m.replace(/.*\)\)/, '')),
    ).toEqual([': did you mean "Europe/Berlin"?', ': did you mean "+01:00"?', '']);
  });

  it('refuses an ActiveSupport name in another case, naming the one it means', () => {
    expect(refused('berlin')).toMatch(/: did you mean "Berlin"\?$/);
  });

  it('reads an ActiveSupport name as the zone it maps to, an IANA name as itself', () => {
    expect([cronZone('Berlin'), cronZone('Eastern Time (US & Canada)'), cronZone('Europe/Berlin')]).toEqual([
      'Europe/Berlin',
      'America/New_York',
      'Europe/Berlin',
    ]);
  });

  it('holds Berlin and Europe/Berlin one zone, Bern and Berlin two', () => {
    expect([
      sameCronZone('Berlin', 'Europe/Berlin'),
      sameCronZone('UTC', 'Etc/UTC'),
      sameCronZone('Bern', 'Berlin'),
    ]).toEqual([true, true, false]);
  });

  it('refuses an IANA name in another case, naming the one it means, as Fugit and TZInfo are exact', () => {
    expect(
      [refused('europe/berlin'), refused('EUROPE/BERLIN'), refused('utc')].map((m) => m.replace(/.*: /, '')),
    ).toEqual(['did you mean "Europe/Berlin"?', 'did you mean "Europe/Berlin"?', 'did you mean "UTC"?']);
  });

  it('takes an offset of up to 11 hours in quarter hours, as Fugit and EtOrbi do, and no other', () => {
    expect(['+05:30', '-0800', '+11:45'].map((value) => zone(value, '--cron-timezone'))).toEqual([
      '+05:30',
      '-0800',
      '+11:45',
    ]);
    expect(['+12:00', '+05:20', '+5:30'].map((value) => refused(value).replace(/:.*/, ''))).toEqual([
      '--cron-timezone',
      '--cron-timezone',
      '--cron-timezone',
    ]);
  });

  // EtOrbi's get_offset_tzone signs the minutes by the hours (`mn = -mn if hr && hr < 0`), so an
  // offset of no whole hours is east of UTC whatever its sign (floraison/et-orbi lib/et-orbi/zone.rb).
  it('reads -00:30 as EtOrbi does, +00:30, and holds the two one zone', () => {
    expect([cronZone('-00:30'), cronZone('-0045'), sameCronZone('-00:30', '+00:30')]).toEqual([
      '+00:30',
      '+00:45',
      true,
    ]);
  });

  it('refuses a link in another case, naming it as the tz database spells it', () => {
    expect(refused('US/PACIFIC')).toMatch(/: did you mean "US\/Pacific"\?$/);
  });

  it('takes a link (US/Pacific) and a three-part name as TZInfo spells them', () => {
    expect([cronZone('US/Pacific'), cronZone('America/Argentina/Buenos_Aires'), cronZone('Etc/GMT+5')]).toEqual([
      'US/Pacific',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+5',
    ]);
  });

  it('holds a link and its zone one zone, an offset and a named zone two', () => {
    expect([
      sameCronZone('US/Pacific', 'America/Los_Angeles'),
      sameCronZone('Pacific Time (US & Canada)', 'US/Pacific'),
      sameCronZone('+0530', '+05:30'),
      sameCronZone('+05:30', 'Asia/Kolkata'),
    ]).toEqual([true, true, true, false]);
  });

  it("knows every name of the tz database the runtime's Intl knows, so the sandbox runs each one's schedules", () => {
    const names = [...tzNames().all];
    const unknownToIntl = names.filter((name) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: name });
        return false;
      } catch {
        return true;
      }
    });
    // Factory is tzdata's zone of no local time ("-00"): TZInfo takes it, ICU has none.
    expect([names.length, names.every((name) => cronZone(name) !== undefined), unknownToIntl]).toEqual([
      598,
      true,
      ['Factory'],
    ]);
  });

  it('maps every ActiveSupport name to a zone the runtime knows', () => {
    const unknown = [...ACTIVESUPPORT_ZONES.values()].filter((iana) => cronZone(iana) !== iana);
    expect([ACTIVESUPPORT_ZONES.size, unknown]).toEqual([152, []]);
  });
});
