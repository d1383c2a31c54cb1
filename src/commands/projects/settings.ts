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

/** Reading the settings flags of `projects create` and `projects update` into API parameters. */

export interface ProjectSettings {
  /** API parameters, snake_case, only those given. */
  params: Record<string, unknown>;
  avatar: UploadFile | undefined;
}

const flag = (name: string) => `--${flagName({ name })}`;

/**
 * The settings given as flags, checked before anything is sent: each belongs to the command's
 * column of the settings table (else the message names where it is accepted), deprecated ones
 * warn, values that depend on the endpoint are checked, the avatar is read, and the import
 * URL's credentials are registered as secrets.
 */
export async function readSettings(raw: RawFlags, column: SettingsColumn, ctx: ReadScope): Promise<ProjectSettings> {
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

  if (typeof params.import_url === 'string') checkImportUrl(params.import_url, ctx);

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
  return { params, avatar };
}

function checkImportUrl(value: string, ctx: ReadScope): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // Register the credentials first, so that no message below (or later) can show them.
  if (url?.password) ctx.addSecret(decodeURIComponent(url.password));
  else if (url?.username) ctx.addSecret(decodeURIComponent(url.username));
  if (!url || !['http:', 'https:', 'git:'].includes(url.protocol) || !url.hostname) {
    throw new CollabError(
      'usage',
      `invalid value "${maskUrlCredentials(value)}" for --import-url: expected an http, https or git URL`,
      {
        hint: 'for example: --import-url https://user:token@example.com/grp/app.git',
      },
    );
  }
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
