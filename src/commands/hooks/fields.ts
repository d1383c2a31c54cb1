import { readFile } from 'node:fs/promises';
import type { Owner } from '../../api/owner.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import { collectParams, flagName, optionKey } from '../../params/derive.js';
import { eventName, HOOK_PARAMS, type HookParam, hookEventsFor, hookParamsFor } from '../../params/hooks.js';
import { readStdin } from '../../util/stdin.js';
import { parseArg, positiveInteger } from '../../params/parsers.js';

/** What create and update take from the flags, checked before anything is sent. */
export interface HookInput {
  url: string | undefined;
  /** Only the fields given (unset stays unset). */
  fields: Record<string, unknown>;
  token: string | undefined;
}

export function hookIdArg(args: readonly string[]): number {
  return parseArg<number>(positiveInteger, args[0], 'hook-id');
}

/**
 * Reads url, event flags, --events, settings and the token. Fields that the other kind of owner
 * has (--subgroup-events on a project, --push-events-branch-filter on a group) are refused here,
 * since the service would silently ignore them.
 */
export async function readHookInput(o: Record<string, unknown>, owner: Owner, ctx: Context): Promise<HookInput> {
  if (o.token !== undefined) {
    throw new CollabError('usage', '--token is not accepted: a token on the command line ends up in shell history and process lists', {
      hint: 'use --token-file <path> (or --token-file - to read standard input), or --token-prompt',
    });
  }
  for (const param of HOOK_PARAMS) {
    if (param.only && param.only !== owner.kind && o[optionKey(param)] !== undefined) {
      const flag = `--${o[optionKey(param)] === false ? 'no-' : ''}${flagName(param)}`;
      throw new CollabError('usage', `${flag} applies to ${param.only} hooks only`, { hint: `drop it, or use --${param.only} <id|path>` });
    }
  }
  const fields = collectParams(o, hookParamsFor(owner.kind));
  if (o.events !== undefined) Object.assign(fields, eventsFromList(o.events as string[], o, owner));
  return { url: o.url as string | undefined, fields, token: await readToken(o, ctx) };
}

/** --events push,issues: exactly these on, every other event of this kind of hook off. */
function eventsFromList(names: readonly string[], o: Record<string, unknown>, owner: Owner): Record<string, boolean> {
  const events = hookEventsFor(owner.kind);
  const given = events.filter((param) => o[optionKey(param)] !== undefined);
  if (given.length > 0) {
    const first = given[0] as HookParam;
    throw new CollabError('usage', `--events cannot be combined with --${o[optionKey(first)] === false ? 'no-' : ''}${flagName(first)} or other event flags`, {
      hint: 'give the events either as one --events list or as --<name>-events / --no-<name>-events flags',
    });
  }
  const valid = events.map(eventName);
  const wanted = new Set<string>();
  for (const raw of names) {
    // Accept the API's spelling too: merge_requests_events, merge_requests.
    const name = raw.toLowerCase().replace(/_/g, '-').replace(/-events$/, '');
    if (!valid.includes(name)) {
      const elsewhere = HOOK_PARAMS.find((param) => param.event && eventName(param) === name);
      if (elsewhere?.only) throw new CollabError('usage', `--events: ${name} events exist on ${elsewhere.only} hooks only`, { hint: `valid for ${owner.kind} hooks: ${valid.join(', ')}` });
      throw new CollabError('usage', `--events: unknown event "${raw}"`, { hint: `valid for ${owner.kind} hooks: ${valid.join(', ')}` });
    }
    wanted.add(name);
  }
  return Object.fromEntries(events.map((param) => [param.name, wanted.has(eventName(param))]));
}

async function readToken(o: Record<string, unknown>, ctx: Context): Promise<string | undefined> {
  const file = o.tokenFile as string | undefined;
  if (file !== undefined && o.tokenPrompt === true) throw new CollabError('usage', '--token-file and --token-prompt cannot be used together');
  let token: string | undefined;
  if (file !== undefined) {
    try {
      token = file === '-' ? await readStdin(ctx.io.stdin) : await readFile(file, 'utf8');
    } catch (error) {
      throw new CollabError('usage', `cannot read the token file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    // A trailing newline from `echo` or an editor is not part of the secret.
    token = token.replace(/\r?\n$/, '');
    if (token.trim() === '') throw new CollabError('usage', `the token file ${file === '-' ? '(standard input)' : file} is empty`);
    if (/[\r\n]/.test(token)) throw new CollabError('usage', `the token in ${file === '-' ? 'standard input' : file} spans several lines; a hook token is one line`);
  } else if (o.tokenPrompt === true) {
    const prompts = await ctx.prompts('use --token-file <path> or --token-file - to read the token from standard input');
    token = await prompts.password({ message: 'Secret token for the hook:', mask: '*', validate: (value) => (value.trim() ? true : 'a token is required') });
  }
  if (token !== undefined) ctx.addSecret(token);
  return token;
}

/** `push,merge-requests,pipeline`: the events a hook delivers, named as --events takes them. */
export function eventsOn(hook: unknown): string {
  const record = (hook ?? {}) as Record<string, unknown>;
  return HOOK_PARAMS.filter((param) => param.event && record[param.name] === true)
    .map(eventName)
    .join(',');
}

// The URL may hold credentials (`https://user:secret@host/h`): human views mask them (format.ts).
export const HOOK_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'URL', path: 'url', text: true, priority: PRIORITY.identifying },
  { header: 'EVENTS', path: 'events', derive: eventsOn, text: true },
];

export const HOOK_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'URL', path: 'url' },
  { label: 'Events', path: 'events', derive: eventsOn, format: (events) => (events as string) || '(none)' },
  { label: 'Push branch filter', path: 'push_events_branch_filter', format: (value) => (typeof value === 'string' && value ? value : '(all branches)') },
  { label: 'TLS verification', path: 'enable_ssl_verification', format: (value) => (value === false ? 'off' : 'on'), tone: (value) => (value === false ? 'yellow' : undefined) },
  { label: 'Created', path: 'created_at' },
];

/** Group hooks have no branch filter: no line for it. */
export function hookDetail(owner: Owner): readonly DetailField[] {
  return owner.kind === 'project' ? HOOK_DETAIL : HOOK_DETAIL.filter((field) => field.path !== 'push_events_branch_filter');
}

