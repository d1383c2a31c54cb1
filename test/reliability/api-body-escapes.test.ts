import { describe, expect, it } from 'vitest';
import { useHostileServer } from '../helpers/hostile-server.js';

/**
 * For `collab api`: the service's answer reaches a terminal pretty-printed (JSON)
 * or as it came (anything else) with every control escaped, C1 and bidi controls included (which
 * JSON.stringify lets through); in a pipe it stays byte for byte.
 */

const { collab, answer } = useHostileServer();

/** No control character but tab and line feed, no C1 control, no bidi override or isolate. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const JSON_BODY = '{"name":"a\u009b31mb\u202eevil\u202c","title":"\\u001b]0;x\\u0007"}';
const TEXT_BODY = 'plain \x1b]0;pwned\x07 text\u202e\n';

describe('collab api on a terminal', () => {
  it('pretty-prints a JSON body with C1 and bidi controls escaped', async () => {
    answer(/^GET \/hostile-json/, { raw: JSON_BODY });
    const result = await collab(['api', 'hostile-json'], { tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toBe('{\n  "name": "a\\x9b31mb\\u202eevil\\u202c",\n  "title": "\\u001b]0;x\\u0007"\n}\n');
  });

  it('shows a text body with its controls escaped', async () => {
    answer(/^GET \/hostile-text/, { raw: TEXT_BODY, headers: { 'content-type': 'text/plain' } });
    const result = await collab(['api', 'hostile-text'], { tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toBe('plain \\x1b]0;pwned\\x07 text\\u202e\n');
  });

  it('writes the items of --paginate with C1 and bidi controls escaped', async () => {
    answer(/^GET \/hostile-list/, { raw: `[${JSON_BODY},${JSON_BODY}]` });
    const result = await collab(['api', 'hostile-list', '--paginate'], { tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toContain('"name":"a\\x9b31mb\\u202eevil\\u202c"');
  });

  it('escapes response headers with -i (bytes 0x80-0xff read as C1 controls)', async () => {
    answer(/^GET \/hostile-head/, {
      raw: TEXT_BODY,
      headers: { 'content-type': 'text/plain', 'x-evil': 'a\u009b2Jb' },
    });
    const result = await collab(['api', 'hostile-head', '-i'], { tty: true });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toContain('x-evil: a\\x9b2Jb\n');
  });
});

describe('collab api in a pipe', () => {
  it('writes a JSON body byte for byte', async () => {
    answer(/^GET \/hostile-json/, { raw: JSON_BODY });
    const result = await collab(['api', 'hostile-json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${JSON_BODY}\n`);
  });

  it('writes a text body byte for byte', async () => {
    answer(/^GET \/hostile-text/, { raw: TEXT_BODY, headers: { 'content-type': 'text/plain' } });
    const result = await collab(['api', 'hostile-text']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(TEXT_BODY);
  });
});
