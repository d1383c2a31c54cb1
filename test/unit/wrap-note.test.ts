import { describe, expect, it } from 'vitest';
import { wrapNote } from '../../src/output/text-width.js';

/** Notes on a terminal's stderr wrap between words, and a --fields list after its commas, never inside a name. */
describe('wrapNote', () => {
  it('leaves a note that fits as it is', () => {
    expect(wrapNote('showing 20 of 26 memberships', 60)).toEqual(['showing 20 of 26 memberships']);
  });

  it('wraps between words, later lines indented by two', () => {
    expect(wrapNote('showing 2 of 200 projects; --all for every page, --limit N for more', 30)).toEqual([
      'showing 2 of 200 projects;',
      '  --all for every page,',
      '  --limit N for more',
    ]);
  });

  it('breaks a list too long for a line after a comma, never inside a name', () => {
    const lines = wrapNote('LAST ACTIVITY left out; --fields id,path_with_namespace,visibility,star_count chooses', 40);
    expect(lines).toEqual([
      'LAST ACTIVITY left out; --fields id,',
      '  path_with_namespace,visibility,',
      '  star_count chooses',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('breaks a path no line holds after an encoded slash, not inside a name', () => {
    const lines = wrapNote(
      'error: 404 Project Not Found (GET /projects/acme%2Fplatform-engineering%2Finfrastructure-modules%2Fterraform-aws-network/variables)',
      40,
    );
    expect(lines).toEqual([
      'error: 404 Project Not Found (GET /',
      '  projects/acme%2F',
      '  platform-engineering%2F',
      '  infrastructure-modules%2F',
      '  terraform-aws-network/variables)',
    ]);
  });

  it('keeps the space between a word that ends in a comma and a path too long for a line after it', () => {
    expect(wrapNote(`error: cannot read /tmp/a/b, /srv/${'c'.repeat(40)}/d`, 40)).toEqual([
      'error: cannot read /tmp/a/b, /srv/',
      `  ${'c'.repeat(38)}`,
      '  cc/d',
    ]);
  });

  it('breaks a word too long for a line after a %2F in either case, as a table cell does', () => {
    expect(wrapNote(`hint: GET /projects/acme%2fweb%2Fstorefront,${'x'.repeat(8)}`, 20)).toEqual([
      'hint: GET /projects/',
      '  acme%2fweb%2F',
      '  storefront,',
      '  xxxxxxxx',
    ]);
  });

  it('keeps an indented note indented on every line it wraps to', () => {
    expect(wrapNote('  environment variable TOKEN is not set, sent by project:acme/web hooks', 40)).toEqual([
      '  environment variable TOKEN is not set,',
      '    sent by project:acme/web hooks',
    ]);
  });

  it('keeps a command quoted in backticks on one line, where it fits one', () => {
    expect(
      wrapNote(
        'hint: no project with that path or ID, or not one this token can see: check it (`collab projects list --search <name>`)',
        50,
      ),
    ).toEqual([
      'hint: no project with that path or ID, or not one',
      '  this token can see: check it',
      '  (`collab projects list --search <name>`)',
    ]);
  });

  it('breaks a quoted command right after its label rather than leave the label alone on a line', () => {
    expect(wrapNote('hint: `collab approval-rules list --project acme/web/storefront` lists them', 60)).toEqual([
      'hint: `collab approval-rules list --project',
      '  acme/web/storefront` lists them',
    ]);
  });

  it('breaks a quoted command between its words where it is longer than a line', () => {
    expect(wrapNote('run `collab a b c d e f g h` now', 14)).toEqual(['run `collab a', '  b c d e f g', '  h` now']);
  });

  it('cuts a word with no break in it where it must', () => {
    expect(wrapNote(`a ${'x'.repeat(25)}`, 12)).toEqual(['a', '  xxxxxxxxxx', '  xxxxxxxxxx', '  xxxxx']);
  });
});
