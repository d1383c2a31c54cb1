import { mirrorUrlHasSecret } from '../params/remote-mirrors.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, type Node, parseDocument, type Document } from 'yaml';
import { CollabError } from '../errors.js';
import type { Env } from '../runtime.js';
import type { VerbContext } from '../context.js';
import { unreadableFile, unreadableHint, unreadableReason } from '../util/unreadable.js';
import { secretKeysOf } from '../util/secrets.js';
import { type CheckOptions, checkShape, type Issue } from './check.js';
import { TEMPLATE } from './sections/common.js';
import { sectionNamed } from './sections/index.js';
import { yamlProblem } from './yaml-errors.js';

/**
 * collab.yaml, read with positions: every problem is reported as `collab.yaml:12:5: …`, all of them
 * at once, before any request. `${env:NAME}` and `${file:path}` in a string are replaced by the
 * variable's value or the file's contents (relative to collab.yaml, without its last newline); a
 * string that had one is a secret: the plan keeps its template, never its value. The file is kept
 * twice, in the same shape: resolved (what is compared) and as written (what a plan keeps), so a
 * value's template is found at its own field, never again by its value (two secrets may be equal).
 * A template in a field the service never shows (a hook's token: the section's `unshown`) is needed
 * only by a change that sends it: unset, it resolves to nothing and plan runs on; apply refuses a
 * change that would send it (preflight.ts).
 */

export interface DesiredFile {
  /** The path as given (messages name it). */
  path: string;
  /** sha256 of the file's text: a saved plan names the file it was made from. */
  digest: string;
  data: DesiredData;
  /** `data` as a plan keeps it: every string that came from a template as that template (`${env:HOOK_TOKEN}`). */
  kept: DesiredData;
  /** The values templates resolved to: the run's secrets. */
  secrets: readonly string[];
}

export type Level = Record<string, unknown>;

export interface DesiredData {
  version: 1;
  defaults?: Level;
  groups?: Record<string, Level & { projects?: Level; subgroups?: Level }>;
  projects?: Record<string, Level>;
}

/** How a secret is given. */
const FORMS = '$' + '{env:NAME} or $' + '{file:path}';

/** A `${…}` that is neither of them (TEMPLATE's sources): `${NAME}`, `${env.NAME}`. */
const UNREAD_TEMPLATE = /\$\{(?!(?:env|file):)([^}]*)\}/;

/**
 * `report` is given each problem's line (`collab.yaml:12:5: …`), before the usage error that
 * counts them; `secret` each value a template resolved to (the run redacts them from then on).
 */
function loadDesired(
  path: string,
  env: Env,
  report: (line: string) => void,
  secret: (value: string) => void = () => undefined,
  options: CheckOptions = {},
): DesiredFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // Not there (collab.yaml by default, which the user may never have named): say -f.
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    throw unreadableFile(
      `cannot read ${path}`,
      error,
      missing ? 'give the desired-state file with -f <file> (default collab.yaml)' : undefined,
    );
  }
  const file = parseDesired(text, path, env, report, options);
  for (const value of file.secrets) secret(value);
  return file;
}

/** The run's collab.yaml: problems on stderr, secrets redacted from then on, --verbose's full lists of allowed keys. */
export function loadDesiredFor(ctx: VerbContext, path: string): DesiredFile {
  return loadDesired(
    path,
    ctx.session.env,
    (line) => ctx.terminal.stderrLine(line),
    (value) => ctx.terminal.addSecret(value),
    { verbose: ctx.terminal.verbose },
  );
}

/** The file's text, parsed and checked; throws a usage error listing every problem with its position. */
export function parseDesired(
  text: string,
  path: string,
  env: Env,
  report: (line: string) => void,
  options: CheckOptions = {},
): DesiredFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const where = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${path}:${line}:${col}`;
  };
  // One problem a line: the parser's later errors on a line it could not read (a list item among
  // a map's keys is three) are that first one again, in its grammar's terms.
  const lines = new Set<number>();
  const syntax = [...doc.errors, ...doc.warnings]
    .filter((e) => {
      const { line } = lineCounter.linePos(e.pos[0]);
      if (lines.has(line)) return false;
      lines.add(line);
      return true;
    })
    .map((e) => ({ offset: e.pos[0], message: yamlProblem(e.code, e.message) }));
  if (syntax.length > 0) throw problems(path, syntax, where, report);
  const data = doc.toJS() as unknown;
  const secrets = new Set<string>();
  const issues: Issue[] = [];
  const unresolved = new Set<string>();
  const dir = dirname(resolve(path));
  const resolved = interpolate(data, [], { env, dir, secrets, issues, unresolved });
  // A value whose template did not resolve is already a problem: what the shape check then says of
  // it (a masked value "must not be empty") is only that again, and would count as a second problem.
  issues.push(
    ...checkShape(resolved, { ...options, dir, kept: data }).filter(
      (issue) => !unresolved.has(JSON.stringify(issue.path)),
    ),
  );
  if (issues.length > 0)
    throw problems(
      path,
      issues.map((issue) => ({ offset: offsetOf(doc, issue), message: issue.message })),
      where,
      report,
    );
  return {
    path,
    digest: createHash('sha256').update(text).digest('hex'),
    data: resolved as DesiredData,
    kept: data as DesiredData,
    secrets: [...secrets],
  };
}

const UNSET = /^environment variable (\S+) is not set/;

/** Each problem on a line of its own, in the file's order; then the error that counts them. */
function problems(
  path: string,
  found: Array<{ offset: number; message: string }>,
  where: (offset: number) => string,
  report: (line: string) => void,
): CollabError {
  for (const problem of [...found].sort((a, b) => a.offset - b.offset))
    report(`${where(problem.offset)}: ${problem.message}`);
  const count = found.length === 1 ? 'a problem' : `${found.length} problems`;
  // Unset variables are fixed in the environment, not in the file: the hint names them.
  const unset = [...new Set(found.flatMap((problem) => UNSET.exec(problem.message)?.[1] ?? []))];
  const hint = found.every((problem) => UNSET.test(problem.message))
    ? `set ${unset.join(', ')} in the environment (export ${unset[0]}=…) and run again`
    : 'fix the file (`collab apply --schema` prints its JSON Schema, for editors)';
  return new CollabError('usage', `${count} in ${path}; nothing was sent`, { hint });
}

interface Interpolation {
  env: Env;
  dir: string;
  secrets: Set<string>;
  issues: Issue[];
  /** Where a template did not resolve (a variable unset, a file unreadable), by JSON path. */
  unresolved: Set<string>;
}

function interpolate(
  value: unknown,
  path: (string | number)[],
  state: Interpolation,
  parent?: Record<string, unknown>,
): unknown {
  if (typeof value === 'string') {
    // `${HOOK_TOKEN}`, as a shell or another tool writes it, is no template of collab's: where the
    // file must give a secret, it would be sent as written (a hook's token of 14 characters), and
    // a plan showing it would read as if it came from the environment.
    const unread = UNREAD_TEMPLATE.exec(value);
    if (unread && secretProblem(path, value, parent)) {
      const name = unread[1] ?? '';
      const meant = /^[A-Za-z_]\w*$/.test(name) ? `\${env:${name}}` : FORMS;
      state.issues.push({
        path,
        message: `${unread[0]} is not a template collab reads (it would be sent as written): write ${meant}`,
      });
      state.unresolved.add(JSON.stringify(path));
      return value;
    }
    if (value.includes('${')) return substitute(value, path, state, unshownField(path, parent, value));
    const secret = secretProblem(path, value, parent);
    if (secret) state.issues.push({ path, message: secret });
    return value;
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolate(item, [...path, index], state));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolate(item, [...path, key], state, value as Record<string, unknown>),
      ]),
    );
  return value;
}

/** Secrets are never written in the file: a hook's token, an integration's secrets, a masked variable's value, an import URL's credentials come from `${env:…}` or `${file:…}`. */
function secretProblem(
  path: readonly (string | number)[],
  value: string,
  parent: Record<string, unknown> | undefined,
): string | undefined {
  const key = path.at(-1);
  if (key === 'token' && path.includes('hooks'))
    return `a hook token is a secret: give it as ${FORMS}, never in the file`;
  const at = sectionIndex(path);
  if (at !== undefined && path[at] === 'integrations' && unshownField(path, parent, value))
    return `an integration's ${String(key)} is a secret: give it as ${FORMS}, never in the file`;
  if (key === 'value' && path.includes('variables') && parent && secretKeysOf(parent).includes('value'))
    return `a masked variable's value is a secret: give it as ${FORMS}, never in the file`;
  if (
    (key === 'import_url' && /^[a-z][a-z0-9+.-]*:\/\/[^/@]+@/i.test(value)) ||
    (key === 'url' && path.includes('remote_mirrors') && mirrorUrlHasSecret(value))
  )
    return `a URL with credentials is a secret: give it (or its credentials) as ${FORMS}`;
  return undefined;
}

function substitute(template: string, path: (string | number)[], state: Interpolation, unshown: boolean): string {
  const value = resolveReferences(template, state.env, state.dir, (message) => {
    if (unshown) return;
    state.issues.push({ path, message });
    state.unresolved.add(JSON.stringify(path));
  });
  if (value !== template && value !== '') state.secrets.add(value);
  return value;
}

/** Where a level's sections start in a path of the file: `defaults.<section>`, `groups.<g>[.projects|.subgroups].<section>`, `projects.<p>.<section>`. */
function sectionIndex(path: readonly (string | number)[]): number | undefined {
  if (path[0] === 'defaults') return 1;
  if (path[0] === 'projects') return 2;
  if (path[0] === 'groups') return path[2] === 'projects' || path[2] === 'subgroups' ? 3 : 2;
  return undefined;
}

/** Whether a string of the file is a field, of a section's item or map, that the service never shows (the section's `unshown`). */
function unshownField(
  path: readonly (string | number)[],
  parent: Record<string, unknown> | undefined,
  written: string,
): boolean {
  const at = sectionIndex(path);
  const section = at === undefined ? undefined : sectionNamed(String(path[at]));
  if (at === undefined || !section?.unshown || !parent) return false;
  const rest = path.slice(at + 1);
  const inItem =
    rest.length === 1 ||
    (rest.length === 2 && typeof rest[0] === 'number') ||
    (rest.length === 3 && rest[0] === 'items' && typeof rest[1] === 'number');
  return inItem && section.unshown(parent, String(rest.at(-1)), written);
}

/**
 * `${env:NAME}` and `${file:path}` in a text, replaced by their values now (also when a saved plan
 * is applied: the plan keeps the template). `problem` is told of a variable unset or a file unreadable.
 */
export function resolveReferences(template: string, env: Env, dir: string, problem: (message: string) => void): string {
  return template.replace(TEMPLATE, (_all, source: string, name: string) => {
    if (source === 'env') {
      const variable = env[name];
      if (variable === undefined || variable === '')
        problem(`environment variable ${name} is not set (named by \${env:${name}})`);
      return variable ?? '';
    }
    try {
      return readFileSync(resolve(dir, name), 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      // The table's hint, after `; ` as the file check adds what to do; a relative path is read from
      // the desired-state file's directory, not the current one (as avatar.ts says), so a missing
      // file's hint says that instead.
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      const hint = missing
        ? 'check the path: a relative one is read from the desired-state file’s directory'
        : unreadableHint(error);
      problem(
        `cannot read the file ${name} (named by \${file:${name}}): ${unreadableReason(error)}${hint ? `; ${hint}` : ''}`,
      );
      return '';
    }
  });
}

/** Where an issue is: its key when the key is the problem (an unknown key), else its value, else the nearest parent there is. */
function offsetOf(doc: Document, issue: Issue): number {
  const { path } = issue;
  if (issue.atKey && path.length > 0) {
    const parent = doc.getIn(path.slice(0, -1), true) as Node | undefined;
    const pair = isMap(parent)
      ? parent.items.find((item) => (isScalar(item.key) ? String(item.key.value) : item.key) === String(path.at(-1)))
      : undefined;
    const key = pair?.key as Node | undefined;
    if (key?.range) return key.range[0];
  }
  for (let depth = path.length; depth > 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as Node | undefined;
    if (node?.range) return node.range[0];
  }
  return (doc.contents as Node | null)?.range?.[0] ?? 0;
}
