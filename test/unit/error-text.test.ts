import { describe, expect, it } from 'vitest';
import { wrapErrorLines } from '../../src/error-text.js';

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
