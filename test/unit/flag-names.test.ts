import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandOptions, longFlag } from '../../src/commands/common-options.js';
import { NOUNS } from '../../src/commands/manifest.js';
import type { CommandSpec } from '../../src/commands/spec.js';
import type { ParamSpec } from '../../src/params/types.js';

/**
 * The contract: each API parameter is a flag of its own name, kebab-cased (`link_url` is
 * --link-url); a shorter form may stand beside it as an alias. Every command's flags are walked
 * against the parameter tables of src/params: a flag that says what a parameter says is named
 * after that parameter.
 */

function isParam(value: unknown): value is ParamSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ParamSpec).name === 'string' &&
    typeof (value as ParamSpec).type === 'string' &&
    typeof (value as ParamSpec).description === 'string'
  );
}

async function parameters(): Promise<Map<string, Set<string>>> {
  const byDescription = new Map<string, Set<string>>();
  const dir = new URL('../../src/params/', import.meta.url);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const value of Object.values(module))
      for (const param of (Array.isArray(value) ? value : [value]).filter(isParam)) {
        const names = byDescription.get(param.description) ?? new Set<string>();
        names.add(`--${param.name.replace(/_/g, '-')}`);
        byDescription.set(param.description, names);
      }
  }
  return byDescription;
}

async function commands(): Promise<Array<{ path: string; spec: CommandSpec }>> {
  const found: Array<{ path: string; spec: CommandSpec }> = [];
  const walk = (spec: CommandSpec, path: string) => {
    if (spec.options || spec.list || spec.mutating) found.push({ path, spec });
    for (const sub of spec.subcommands ?? []) walk(sub, `${path} ${sub.name}`);
  };
  for (const entry of NOUNS) {
    const { spec } = await entry.load();
    walk(spec, spec.name);
  }
  return found;
}

describe('flag names', () => {
  it('every flag that stands for an API parameter is that parameter kebab-cased', async () => {
    const params = await parameters();
    const misnamed: string[] = [];
    let checked = 0;
    for (const { path, spec } of await commands()) {
      for (const option of commandOptions(spec)) {
        if (option.hidden && option.aliasOf) continue;
        const description = option.description.replace(/ \(also [^)]*\)$/, '');
        // The parameter's own words, then at most what help adds: `: choices`, (required), [paid tier]...
        const names = [...params.entries()].find(
          ([text]) =>
            description === text ||
            (description.startsWith(text) && /^(?: [([]|:)/.test(description.slice(text.length))),
        )?.[1];
        if (!names) continue;
        checked++;
        if (!names.has(longFlag(option)))
          misnamed.push(`collab ${path} ${longFlag(option)}: ${[...names].join(' or ')}`);
      }
    }
    expect(misnamed).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
