import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/commands/manifest.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import { exampleLines, reflow } from '../../src/help-layout.js';
import { helpText } from '../helpers/cli.js';

/** Every command's help at the widths of a narrow and a wide terminal: laid out at the width, nothing lost, never broken where the source happened to break. */

/** Every command's words and the indented lines of its description that are commands to type (kept whole on purpose). */
async function commands(): Promise<Array<{ path: string[]; whole: Set<string> }>> {
  const found: Array<{ path: string[]; whole: Set<string> }> = [{ path: [], whole: new Set() }];
  const walk = (spec: CommandSpec, path: string[]) => {
    const whole = new Set(
      (spec.description ?? '').split('\n').filter((line) => /^\s/.test(line) && !/^\s+\S+(?: \S+)*? {2,}\S/.test(line)),
    );
    found.push({ path, whole });
    for (const sub of spec.subcommands ?? []) walk(sub, [...path, sub.name]);
  };
  for (const entry of NOUNS) {
    const { spec } = await entry.load();
    walk(spec, [spec.name]);
  }
  return found;
}

describe('help at the terminal width', () => {
  it("every command's help fits 60 and 140 columns with the same words at both", async () => {
    const all = await commands();
    expect(all.length).toBeGreaterThan(100);
    for (const { path, whole } of all) {
      const texts = new Map<number, string>();
      for (const width of [60, 140]) {
        const text = await helpText(path, width);
        texts.set(width, text);
        let examples = false;
        for (const line of text.split('\n')) {
          if (line === 'Examples:') examples = true;
          // A word longer than the width (an example value of ninety characters) cannot be broken.
          // An example's line holds more than one flag only where they fit (exampleLines).
          if (examples && !/ --.* --/.test(line)) continue;
          if (whole.has(line) || !line.trim().includes(' ')) continue;
          expect(line.length, `collab ${path.join(' ')} --help at ${width}: ${line}`).toBeLessThanOrEqual(width);
        }
      }
      // An example broken over lines ends each but its last in a backslash.
      const words = (text: string) => text.replace(/ \\\n/g, '\n').split(/\s+/).join(' ');
      expect(words(texts.get(60) ?? ''), `collab ${path.join(' ')}`).toBe(words(texts.get(140) ?? ''));
    }
  });

  it('projects create and update at 60 and 80 columns: no line wider, the cleanup policy example too', async () => {
    for (const verb of ['create', 'update'])
      for (const width of [60, 80]) {
        const wide = (await helpText(['projects', verb], width)).split('\n').filter((line) => line.length > width);
        expect(wide, `collab projects ${verb} --help at ${width}`).toEqual([]);
      }
  });

  it("a noun's help lists its commands before the global options, at any width", async () => {
    for (const width of [60, 120]) {
      const text = await helpText(['projects'], width);
      expect(text.indexOf('\nCommands:\n'), `at ${width}`).toBeGreaterThan(0);
      expect(text.indexOf('\nCommands:\n'), `at ${width}`).toBeLessThan(text.indexOf('\nGlobal Options:\n'));
    }
  });

  it('no line of any help ends in `(-`: the dash of `(- reads … from standard input)` stays with its words', async () => {
    const ending: string[] = [];
    for (const { path } of await commands())
      for (const width of [60, 80, 100])
        for (const line of (await helpText(path, width)).split('\n'))
          if (line.trimEnd().endsWith('(-')) ending.push(`${['collab', ...path].join(' ')} at ${width}: ${line}`);
    expect(ending).toEqual([]);
  });

  it('a paragraph is broken only where its next word would not fit, however its source was written', async () => {
    // api's and completion's descriptions are written over several lines in their source.
    for (const path of [['api'], ['completion'], ['auth'], ['plan']]) {
      const lines = (await helpText(path, 100)).split('\n');
      lines.forEach((line, i) => {
        const next = lines[i + 1];
        if (!line || /^\s/.test(line) || !next || /^\s/.test(next) || line.endsWith(':')) return;
        const word = next.split(' ')[0] as string;
        expect(line.length + 1 + word.length, `collab ${path.join(' ')}: "${line}" then "${word}"`).toBeGreaterThan(
          100,
        );
      });
    }
  });

  it('lays an option under its flags, indented, where the flags leave too little room beside them', async () => {
    const narrow = (await helpText(['api'], 60)).split('\n');
    const method = narrow.indexOf('  -X, --method <method>');
    expect(method).toBe(narrow.indexOf('Options:') + 1);
    expect(narrow[method + 1]).toMatch(/^ {6}HTTP method, in any case/);
    const wide = await helpText(['api'], 120);
    expect(wide).toMatch(/^ {2}-X, --method <method> +HTTP method, in any case/m);
  });

  it('wraps an item of two columns under its second column', async () => {
    const lines = (await helpText(['config'], 60)).split('\n');
    const at = lines.findIndex((line) => line.startsWith('  max_body '));
    const indent = (lines[at] as string).indexOf('MiB');
    expect(lines[at + 1]?.slice(0, indent).trim()).toBe('');
    expect(lines[at + 1]?.slice(indent)).toMatch(/^\S/);
  });

  it('reflow joins the lines of a paragraph and keeps blank and indented lines', () => {
    expect(reflow('one\ntwo\n\nthree\n  $ a command\nfour')).toEqual(['one two', '', 'three', '  $ a command', 'four']);
  });

  it('an example too long for the width continues after a backslash and pastes as the same command', () => {
    const example = `collab schedules create --project 42 --description "weekly run" --ref main --cron '0 6 * * 1' --variable SUITE=full`;
    const lines = exampleLines(example, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines.slice(0, -1).every((line) => line.endsWith(' \\'))).toBe(true);
    // What a shell reads: each backslash and line break joined away.
    const pasted = lines
      .join('\n')
      .replace(/^ {2}\$ /, '')
      .replace(/ \\\n +/g, ' ');
    expect(pasted).toBe(example);
    expect(lines.some((line) => /--cron '0 6 \* \* 1'/.test(line))).toBe(true);
    expect(lines.some((line) => /--description "weekly run"/.test(line))).toBe(true);
  });

  it('a flag whose value does not fit beside it on a line: the value on the next line, each line within the width', () => {
    const example = 'collab projects update 42 --container-expiration-policy cadence=7d,keep_n=5,enabled=true';
    const lines = exampleLines(example, 60);
    expect(lines).toEqual([
      '  $ collab projects update 42 \\',
      '      --container-expiration-policy \\',
      '      cadence=7d,keep_n=5,enabled=true',
    ]);
  });

  it('a flag parted from its value begins a line: never left at the end of the words before it', () => {
    const example =
      "collab badges create --name coverage --link-url 'https://ci.example.com/%{project_path}' --image-url 'https://ci.example.com/%{project_path}/%{default_branch}/coverage.svg'";
    expect(exampleLines(example, 80)).toEqual([
      '  $ collab badges create --name coverage \\',
      "      --link-url 'https://ci.example.com/%{project_path}' \\",
      '      --image-url \\',
      "      'https://ci.example.com/%{project_path}/%{default_branch}/coverage.svg'",
    ]);
  });

  it('an example that fits the width stays on one line', () => {
    expect(exampleLines('collab projects view 42', 60)).toEqual(['  $ collab projects view 42']);
  });
});
