import { OWNER_OPTIONS } from '../owner-options.js';
import { paramOption } from '../../params/derive.js';
import { eventName, HOOK_PARAMS } from '../../params/hooks.js';
import { commaList, httpUrl } from '../../params/parsers.js';
import type { OptionSpec } from '../spec.js';

/**
 * The flags of hooks create and update, from the params table. The secret token has no flag
 * that takes its value: argv shows up in shell history and process lists. A hidden --token
 * exists only to refuse that with a message naming the way that works.
 */
export const EVENT_NAMES = HOOK_PARAMS.filter((p) => p.event).map(eventName);

export function hookFieldOptions(url: Pick<OptionSpec, 'description' | 'required'>): OptionSpec[] {
  return [
    ...OWNER_OPTIONS,
    { flags: '--url <url>', parse: httpUrl, ...url },
    {
      flags: '--events <names>',
      description: `exactly these events on and every other event off, comma-separated: ${EVENT_NAMES.join(', ')}`,
      parse: commaList,
    },
    ...HOOK_PARAMS.map((param) => paramOption(param, param.only ? { extra: ` (${param.only} hooks only)` } : {})),
    { flags: '--token-file <path>', description: 'read the secret token sent with each delivery from a file, or - for standard input' },
    { flags: '--token-prompt', description: 'ask for the secret token on the terminal (input hidden)' },
    { flags: '--token [value]', description: 'refused: use --token-file or --token-prompt', hidden: true },
  ];
}
