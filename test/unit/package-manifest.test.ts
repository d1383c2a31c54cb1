import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What package.json promises: `engines.node` is the real floor: the highest floor any runtime dependency
 * declares (a lower one promises a Node on which the tool cannot run).
 */
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

type Version = [number, number, number];

/** The lowest Node version a range admits, for the forms packages use (`>=20.18.1`, `^18 || >=20`). */
function floorOf(range: string): Version {
  const floors = range.split('||').map((part) => {
    const match = /(?:>=|\^|~)?\s*v?(\d+)(?:\.(\d+|\*|x))?(?:\.(\d+|\*|x))?/.exec(part.trim());
    if (!match) throw new Error(`cannot read the range ${range}`);
    const n = (s: string | undefined) => (s === undefined || s === '*' || s === 'x' ? 0 : Number(s));
    return [n(match[1]), n(match[2]), n(match[3])] as Version;
  });
  return floors.sort(compare)[0] as Version;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

describe('engines', () => {
  const ours = floorOf(pkg.engines.node);
  const theirs = Object.keys(pkg.dependencies).map((name) => {
    const manifest = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as {
      engines?: { node?: string };
    };
    return { name, floor: manifest.engines?.node ? floorOf(manifest.engines.node) : ([0, 0, 0] as Version) };
  });

  it('reads the ranges packages write', () => {
    expect(floorOf('>=20.18.1')).toEqual([20, 18, 1]);
    expect(floorOf('^12.17.0 || ^14.13 || >=16.0.0')).toEqual([12, 17, 0]);
    expect(floorOf('10.* || >= 12.*')).toEqual([10, 0, 0]);
  });

  it('states the highest floor of the runtime dependencies, no lower and no higher', () => {
    const highest = theirs.reduce((a, b) => (compare(a.floor, b.floor) >= 0 ? a : b));
    expect(ours, `engines.node ${pkg.engines.node}, but ${highest.name} needs ${highest.floor.join('.')}`).toEqual(
      highest.floor,
    );
  });

  it('is the floor README states', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain(`Node.js ${ours.join('.')} or later`);
  });
});
