import type { UploadFile } from '../../api/form.js';
import type { VerbContext } from '../../context.js';
import type { RawFlags, ReadScope } from '../flags.js';
import { CollabError } from '../../errors.js';
import type { ApiRequest } from '../../http/client.js';
import { collectParams, flagName, paramOption } from '../../params/derive.js';
import { PROJECT_SETTINGS, type ProjectSettingSpec } from '../../params/projects.js';
import { namespaceRef } from '../../params/parsers.js';
import type { OptionSpec } from '../spec.js';
import { COLUMN_COMMANDS, type SettingsColumn } from '../../params/types.js';
import { maskUrlCredentials } from '../../util/secrets.js';
import { readAvatar } from '../avatar.js';
import { credentialedUrl } from '../credentialed-url.js';
import { asText, option } from '../flags.js';
import { mirrorUrlProblem } from '../../params/remote-mirrors.js';

/** Reading the settings flags of `projects create` and `projects update` into API parameters. */

export interface ProjectSettings {
  /** API parameters, snake_case, only those given (the import URL aside). */
  params: Record<string, unknown>;
  avatar: UploadFile | undefined;
  /** The import URL, from --import-url or read from --import-url-file when the verb runs. */
  importUrl: ((ctx: VerbContext) => Promise<string>) | undefined;
}

/**
 * An import URL with its credentials: from a file or standard input, never argv, as a push
 * mirror's (credentialed-url.ts). The API takes them in the URL alone: `import_url` is the one
 * attribute doc/api/projects.md lists for it, no user or password beside it.
 */
export const IMPORT_URL_FILE = option(
  '--import-url-file <path|->',
  'read the import URL, credentials and all, from a file; -: standard input',
  asText,
);

const flag = (name: string) => `--${flagName({ name })}`;

/**
 * The settings given as flags, checked before anything is sent: each belongs to the command's
 * column of the settings table (else the message names where it is accepted), deprecated ones
 * warn, values that depend on the endpoint are checked, the avatar is read, and the import
 * URL (never with credentials on argv) is read when the verb runs, its secrets registered.
 */
export async function readSettings(
  raw: RawFlags,
  column: SettingsColumn,
  ctx: ReadScope,
  importUrlFile: string | undefined,
): Promise<ProjectSettings> {
  const params = collectParams(raw, PROJECT_SETTINGS, {
    column,
    commandName: 'projects',
    warn: (message) => ctx.warn(message),
  });

  for (const setting of PROJECT_SETTINGS) {
    const allowed = setting.columnChoices?.[column];
    const value = params[setting.name];
    if (!allowed || value === undefined || allowed.includes(value as string)) continue;
    const elsewhere = setting.columns.filter((c) => c !== column && !setting.columnChoices?.[c]?.length);
    throw new CollabError(
      'usage',
      `${flag(setting.name)} ${String(value)} is not accepted by projects ${COLUMN_COMMANDS[column]}: expected one of ${allowed.join(', ')}`,
      {
        hint: `${String(value)} is accepted by ${elsewhere.map((c) => `\`projects ${COLUMN_COMMANDS[c]}\``).join(', ')}`,
      },
    );
  }

  const importUrl = credentialedUrl(
    { url: params.import_url as string | undefined, file: importUrlFile },
    { url: '--import-url', file: '--import-url-file' },
    checkImportUrl,
  );
  delete params.import_url;

  const policy = params.container_expiration_policy_attributes as Record<string, unknown> | undefined;
  if (policy && policy.name_regex !== undefined)
    ctx.warn(
      `${flag('container_expiration_policy_attributes')} name_regex is deprecated: use name_regex_delete (removal in API v5)`,
    );

  if (params.tag_list !== undefined && params.topics !== undefined) {
    throw new CollabError('usage', '--tag-list and --topics cannot be used together', {
      hint: '--tag-list is the deprecated name of --topics: use --topics only',
    });
  }
  for (const name of ['group_with_project_templates_id', 'template_project_id']) {
    if (params[name] !== undefined && params.use_custom_template !== true) {
      throw new CollabError('usage', `${flag(name)} needs --use-custom-template`, {
        hint: `add --use-custom-template`,
      });
    }
  }

  let avatar: UploadFile | undefined;
  if (typeof params.avatar === 'string') {
    avatar = await readAvatar(params.avatar);
    delete params.avatar;
  }
  return { params, avatar, importUrl };
}

/**
 * The import URL's own rules, in the words of the flag or the file it came from: a push mirror's
 * (one URL on one line, one `@` in its authority: mirrorUrlProblem), and an http, https or git
 * URL. Its secrets are registered before (credentialed-url.ts): a message may quote it.
 */
function checkImportUrl(value: string, from: string): string {
  const where = from.startsWith('--') ? `for ${from}` : `in ${from}`;
  const problem = mirrorUrlProblem(value);
  if (problem) throw new CollabError('usage', `invalid import URL ${where}: ${problem.says}`, { hint: problem.hint });
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'git:'].includes(url.protocol) || !url.hostname) {
    throw new CollabError(
      'usage',
      `invalid value "${maskUrlCredentials(value)}" ${where}: expected an http, https or git URL`,
      {
        hint: 'for example: --import-url https://example.com/grp/app.git, or one with its credentials from a file: --import-url-file <path>',
      },
    );
  }
  return value;
}

/** The parameters to send: the import URL, read when the verb runs, among them. */
export async function settingsParams(ctx: VerbContext, settings: ProjectSettings): Promise<Record<string, unknown>> {
  return settings.importUrl
    ? { ...settings.params, import_url: await settings.importUrl(ctx) }
    : { ...settings.params };
}

/** The parameters as they may be printed (--dry-run): the import URL's credentials masked. */
function printableSettings(params: Record<string, unknown>): Record<string, unknown> {
  return typeof params.import_url === 'string'
    ? { ...params, import_url: maskUrlCredentials(params.import_url) }
    : params;
}

/**
 * Sends a settings request, or with --dry-run prints it (credentials masked) and returns undefined.
 * `build` makes the request from parameters, so the printed one is made exactly as the real one.
 */
export async function sendSettings<T>(
  { session, presenter }: Pick<VerbContext, 'session' | 'presenter'>,
  params: Record<string, unknown>,
  build: (params: Record<string, unknown>) => ApiRequest,
): Promise<T | undefined> {
  if (session.dryRun) {
    await presenter.action({ dryRun: await session.describeRequest(build(printableSettings(params))) });
    return undefined;
  }
  return (await session.request<T>(build(params))).data;
}

/** Flags whose values are read differently from what their table type alone says. */
function adjusted(setting: ProjectSettingSpec, option: OptionSpec): OptionSpec {
  // The API's name stays; --namespace is the name fork and transfer give the same thing.
  if (setting.name === 'namespace_id')
    return {
      ...option,
      flags: `--${flagName(setting)} <id|path>`,
      parse: namespaceRef,
      ...(option.hidden ? {} : { aliases: ['--namespace'] }),
    };
  // Checked in the command, not by the parser: a parser's error would echo the credentials.
  if (setting.name === 'import_url') return { ...option, flags: `--${flagName(setting)} <url>` };
  return option;
}

/** Where a setting is accepted, said in help where it differs from the command's own column. */
export function settingFlag(setting: ProjectSettingSpec, columns: readonly SettingsColumn[]): OptionSpec {
  const accepted = columns.filter((c) => setting.columns.includes(c));
  let extra = '';
  if (columns.length > 1 && accepted.length === 1)
    extra = accepted[0] === 'createForUser' ? ' (with --for-user only)' : ' (not with --for-user)';
  return adjusted(setting, paramOption(setting, { hidden: accepted.length === 0, extra }));
}
