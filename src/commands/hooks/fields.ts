import type { Owner } from '../../api/owner.js';
import type { VerbContext } from '../../context.js';
import { CollabError } from '../../errors.js';
import { type Column, type DetailField, PRIORITY } from '../../output/format.js';
import { collectParams, flagName, optionKey } from '../../params/derive.js';
import { eventName, HOOK_PARAMS, type HookParam, hookEventsFor, hookParamsFor } from '../../params/hooks.js';
import type { RawFlags } from '../flags.js';
import { onceARun, readOnce } from '../file-text.js';
import type { VerbInput } from '../verb.js';
import type { UPDATE } from './update.js';

/** Reads the secret token where it was asked to be read from: once a run, whatever the number of targets. */
type TokenReader = (ctx: VerbContext) => Promise<string>;

/** What create and update take from the flags, checked before anything is sent. */
export interface HookInput {
  url: string | undefined;
  /** Only the fields given (unset stays unset). */
  fields: Record<string, unknown>;
  /** Given --token-file or --token-prompt. */
  token: TokenReader | undefined;
}

/** The flags create and update share (declared in ./index.ts). */
type HookFlags = Pick<
  VerbInput<typeof UPDATE>,
  'url' | 'events' | 'settings' | 'tokenFile' | 'tokenPrompt' | 'tokenOnCommandLine'
>;

/**
 * Reads url, event flags, --events, settings and where the token comes from. Fields that the
 * other kind of owner has (--subgroup-events on a project, --push-events-branch-filter on a
 * group) are refused here, since the service would silently ignore them.
 */
export function readHookInput(input: HookFlags, owner: Owner): HookInput {
  if (input.tokenOnCommandLine) {
    throw new CollabError(
      'usage',
      '--token is not accepted: a token on the command line ends up in shell history and process lists',
      {
        hint: 'use --token-file <path> (or --token-file - to read standard input), or --token-prompt',
      },
    );
  }
  const given = input.settings;
  for (const param of HOOK_PARAMS) {
    if (param.only && param.only !== owner.kind && given[optionKey(param)] !== undefined) {
      const flag = `--${given[optionKey(param)] === false ? 'no-' : ''}${flagName(param)}`;
      throw new CollabError('usage', `${flag} applies to ${param.only} hooks only`, {
        hint: `drop it, or use --${param.only} <id|path>`,
      });
    }
  }
  const fields = collectParams(given, hookParamsFor(owner.kind));
  if (input.events !== undefined) Object.assign(fields, eventsFromList(input.events, given, owner));
  return { url: input.url, fields, token: tokenReader(input.tokenFile, input.tokenPrompt) };
}

/** --events push,issues: exactly these on, every other event of this kind of hook off. */
function eventsFromList(names: readonly string[], o: RawFlags, owner: Owner): Record<string, boolean> {
  const events = hookEventsFor(owner.kind);
  const given = events.filter((param) => o[optionKey(param)] !== undefined);
  if (given.length > 0) {
    const first = given[0] as HookParam;
    throw new CollabError(
      'usage',
      `--events cannot be combined with --${o[optionKey(first)] === false ? 'no-' : ''}${flagName(first)} or other event flags`,
      {
        hint: 'give the events either as one --events list or as --<name>-events / --no-<name>-events flags',
      },
    );
  }
  const valid = events.map(eventName);
  const wanted = new Set<string>();
  for (const raw of names) {
    // Accept the API's spelling too: merge_requests_events, merge_requests.
    const name = raw
      .toLowerCase()
      .replace(/_/g, '-')
      .replace(/-events$/, '');
    if (!valid.includes(name)) {
      const elsewhere = HOOK_PARAMS.find((param) => param.event && eventName(param) === name);
      if (elsewhere?.only)
        throw new CollabError('usage', `--events: ${name} events exist on ${elsewhere.only} hooks only`, {
          hint: `valid for ${owner.kind} hooks: ${valid.join(', ')}`,
        });
      throw new CollabError('usage', `--events: unknown event "${raw}"`, {
        hint: `valid for ${owner.kind} hooks: ${valid.join(', ')}`,
      });
    }
    wanted.add(name);
  }
  return Object.fromEntries(events.map((param) => [param.name, wanted.has(eventName(param))]));
}

/**
 * Where the token comes from, refused together. It is read when the verb runs, once a run
 * (file-text.ts): the file read or the question asked once, whatever the number of targets.
 */
function tokenReader(file: string | undefined, prompt: boolean): TokenReader | undefined {
  if (file !== undefined && prompt)
    throw new CollabError('usage', '--token-file and --token-prompt cannot be used together');
  if (file !== undefined) return readOnce(file, 'token', { check: (token) => checkToken(token, file), secret: true });
  if (!prompt) return undefined;
  const ask = onceARun(askToken);
  return async (ctx) => {
    const token = await ask(ctx);
    ctx.terminal.addSecret(token);
    return token;
  };
}

async function askToken(ctx: VerbContext): Promise<string> {
  const prompts = await ctx.prompter.prompts(
    'use --token-file <path> or --token-file - to read the token from standard input',
  );
  return prompts.password({
    message: 'Secret token for the hook:',
    mask: '*',
    validate: (value) => (value.trim() ? true : 'a token is required'),
  });
}

function checkToken(token: string, file: string): string {
  if (token.trim() === '')
    throw new CollabError('usage', `the token file ${file === '-' ? '(standard input)' : file} is empty`);
  if (/[\r\n]/.test(token))
    throw new CollabError(
      'usage',
      `the token in ${file === '-' ? 'standard input' : file} spans several lines; a hook token is one line`,
    );
  return token;
}

/** `push,merge-requests,pipeline`: the events a hook delivers, named as --events takes them. */
function eventsOn(hook: unknown): string {
  const record = (hook ?? {}) as Record<string, unknown>;
  return HOOK_PARAMS.filter((param) => param.event && record[param.name] === true)
    .map(eventName)
    .join(',');
}

// The URL may hold credentials (`https://user:secret@host/h`): human views mask them (format.ts).
export const HOOK_COLUMNS: readonly Column[] = [
  { header: 'ID', path: 'id' },
  { header: 'URL', path: 'url', text: true, priority: PRIORITY.identifying },
  { header: 'EVENTS', path: 'events', derive: eventsOn, text: true, none: '(none)' },
];

export const HOOK_DETAIL: readonly DetailField[] = [
  { label: 'ID', path: 'id' },
  { label: 'URL', path: 'url' },
  { label: 'Events', path: 'events', derive: eventsOn, none: '(none)' },
  {
    label: 'Push branch filter',
    path: 'push_events_branch_filter',
    format: (value) => (typeof value === 'string' && value ? value : '(all branches)'),
  },
  {
    label: 'TLS verification',
    path: 'enable_ssl_verification',
    format: (value) => (value === false ? 'off' : 'on'),
    tone: (value) => (value === false ? 'yellow' : undefined),
  },
  { label: 'Created', path: 'created_at' },
];

/** Group hooks have no branch filter: no line for it. */
export function hookDetail(owner: Owner): readonly DetailField[] {
  return owner.kind === 'project'
    ? HOOK_DETAIL
    : HOOK_DETAIL.filter((field) => field.path !== 'push_events_branch_filter');
}
