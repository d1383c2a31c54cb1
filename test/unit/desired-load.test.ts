import { describe, expect, it } from 'vitest';
import { isCollabError } from '../../src/errors.js';
import { parseDesired } from '../../src/desired/load.js';

function problems(text: string, env: Record<string, string> = {}): string {
  const lines: string[] = [];
  try {
    parseDesired(text, 'collab.yaml', env, (line) => lines.push(line));
  } catch (error) {
    if (isCollabError(error)) return `${lines.join('\n')}\nerror: ${error.message}`;
    throw error;
  }
  return '';
}

describe('collab.yaml: loading and checking', () => {
  it('reports every problem at once with its line and column, the allowed keys and a did-you-mean', () => {
    const text = [
      'version: 1',
      'defaults:',
      '  settings:',
      '    merge_methd: ff',
      '    visibility: secret',
      'groups:',
      '  acme:',
      '    settings:',
      '      lfs_enabled: "yes"',
      '    projects:',
      '      hooks:',
      '        - url: https://hooks.example.com/a',
      '          push_event: true',
      'projects:',
      '  "acme/*":',
      '    pushrule: {}',
      '    shares:',
      '      - group_id: auditors',
      '        group_access: auditor',
    ].join('\n');
    const out = problems(text);
    console.log(out);
    expect(out).toContain('collab.yaml:4:5: unknown key merge_methd in defaults.settings; did you mean merge_method?');
  });
});
