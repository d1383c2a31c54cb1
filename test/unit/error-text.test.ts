import { describe, expect, it } from 'vitest';
import { flat, wrapErrorLines } from '../../src/error-text.js';

describe('wrapErrorLines', () => {
  it('breaks a URL longer than a terminal line after a slash, as notes do', () => {
    const text = 'error: no API at https://gitlab.example.com/a-group/a-subgroup/api/v4/projects\n';
    expect(wrapErrorLines(text, 40)).toBe(
      'error: no API at https://\n  gitlab.example.com/a-group/a-subgroup/\n  api/v4/projects\n',
    );
  });

  it('leaves lines other than error: and hint: as they are', () => {
    const text = `${'word '.repeat(20)}\n`;
    expect(wrapErrorLines(text, 40)).toBe(text);
  });
});

describe('flat', () => {
  it('shortens a long quoted value to 60 characters', () => {
    expect(flat(`invalid title "${'t'.repeat(100)}": too long`)).toBe(`invalid title "${'t'.repeat(60)}…": too long`);
  });

  it('takes no text between two quoted values for one', () => {
    const line = `projects["acme/web"].protected_environments[0].approval_rules[0].role: expected one of developer, maintainer, admin, got "reporter"`;
    expect(flat(line)).toBe(line);
  });
});
