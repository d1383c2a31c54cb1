import { paramOption } from '../../params/derive.js';
import { eventName, HOOK_PARAMS, HOOK_URL } from '../../params/hooks.js';
import { commaList, positiveInteger, ruled } from '../../params/parsers.js';
import { arg, asText, bool, given, group, option } from '../flags.js';

/**
 * The flags of hooks create and update, from the params table. The secret token has no flag
 * that takes its value: argv shows up in shell history and process lists. A hidden --token
 * exists only to refuse that with a message naming the way that works.
 */
const EVENT_NAMES = HOOK_PARAMS.filter((p) => p.event).map(eventName);

const URL_FLAGS = '--url <url>';

/** --url: required by create, the current one by default on update. */
export const CREATE_URL = option(URL_FLAGS, HOOK_URL.description, ruled(HOOK_URL.rule), { required: true });
export const UPDATE_URL = option(
  URL_FLAGS,
  'a new address for deliveries (default: the current one)',
  ruled(HOOK_URL.rule),
);

/** The other flags of create and update (after --project/--group and --url, as help lists them). */
export const HOOK_FIELD_FLAGS = {
  events: option(
    '--events <names>',
    `exactly these events on and every other event off, comma-separated: ${EVENT_NAMES.join(', ')}`,
    commaList,
  ),
  // Read together in parse: which are accepted depends on the owner's kind (fields.ts).
  settings: given(() =>
    HOOK_PARAMS.map((param) => paramOption(param, param.only ? { extra: ` (${param.only} hooks only)` } : {})),
  ),
  tokenFile: option(
    '--token-file <path>',
    'read the secret token sent with each delivery from a file, or - for standard input',
    asText,
  ),
  tokenPrompt: bool('--token-prompt', 'ask for the secret token on the terminal (input hidden)'),
  // `--token` alone or with a value: either way refused, so only whether it was given is read.
  tokenOnCommandLine: group(
    [{ flags: '--token [value]', description: 'refused: use --token-file or --token-prompt', hidden: true }],
    (raw) => raw.token !== undefined,
  ),
};

export const HOOK_ID = arg({ name: 'hook-id', description: 'the hook ID (see `collab hooks list`)' }, positiveInteger);
