import { strictObject } from 'zod/mini';
import { getPullMirror, type PullMirror } from '../../api/repository.js';
import { serviceError } from '../../http/service-error.js';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import { mirrorUrlWithoutCredentials } from '../../params/remote-mirrors.js';
import { isItem, shape } from './common.js';
import type { Reader, Section } from './section.js';
import { attributeFields, diffAttributes, exportAttributes, MIRROR_KEYS, sameSetting, settingOf } from './settings.js';

/**
 * `mirror`: a project's pull mirror, the project attributes of the API reference's pull-mirroring
 * table. Sent in the project's one PUT with its settings; the import URL's credentials are a secret
 * (`${env:…}` in the file) the service never shows, so they are compared without, and sent again
 * with --rotate-secrets. Export reads GET /projects/:id/mirror/pull, whose masked URL says whether
 * there are credentials at all: a mirror of a public repository is written with none.
 */

declare module '../model.js' {
  interface LiveTarget {
    /**
     * Whether the pull mirror's URL holds credentials, as GET /projects/:id/mirror/pull shows it;
     * undefined where that was not read or could not tell. The URL it shows is kept nowhere.
     */
    mirrorCredentials?: boolean;
  }
}

const PARAMS = PROJECT_SETTINGS.filter((p) => (MIRROR_KEYS as readonly string[]).includes(p.name));

// The service never shows an import URL's credentials: compared without them, by the push mirror's rule.

function same(key: string, wanted: unknown, live: unknown): boolean {
  if (key === 'import_url')
    return (
      typeof wanted === 'string' &&
      typeof live === 'string' &&
      mirrorUrlWithoutCredentials(wanted) === mirrorUrlWithoutCredentials(live)
    );
  return sameSetting(key, wanted, live);
}

const hasCredentials = (url: unknown) => typeof url === 'string' && mirrorUrlWithoutCredentials(url) !== url;

/**
 * What GET /projects/:id/mirror/pull says of the URL's credentials: true or false from its masked
 * URL (`https://*****:*****@host/…` holds some); undefined where the answer cannot tell, and export
 * then names them as a secret, since they may be there: 403 (a role below Maintainer), 400 (no pull
 * mirror after all), or no such route (GitLab Free's 404 `{"error": "404 Not Found"}`, and 405 on
 * GitLab before 15.6, which has the POST alone there). Any other refusal (the project's own 404,
 * `{"message": "404 Project Not Found"}`) is an error, as every other read's.
 */
async function readCredentials(reader: Reader, id: number): Promise<boolean | undefined> {
  const answer = await reader.client.request<PullMirror>(getPullMirror(id));
  if (answer.status === 200) return typeof answer.data.url === 'string' ? hasCredentials(answer.data.url) : undefined;
  const routeAbsent = answer.status === 405 || (answer.status === 404 && answer.data.error === '404 Not Found');
  if (routeAbsent || answer.status === 403 || answer.status === 400) return undefined;
  throw serviceError(answer.status, answer.text, answer.headers['content-type'], answer.request);
}

export const mirror: Section<never> = {
  name: 'mirror',
  kinds: ['project'],
  order: 'first',
  schema: () => strictObject(shape(PARAMS)),
  // Templates only in the credentials: the URL without them, which is compared, is all there.
  unshown: (_map, field, written) =>
    field === 'import_url' && !mirrorUrlWithoutCredentials(written).includes('$' + '{'),
  createBody: (value) => (isItem(value) ? value : {}),
  // Only for export, and only of a pull mirror: a plan and a saved plan's check compare the URL
  // without its credentials, which the project shows.
  read: {
    target: async (reader, live, resource) => {
      if (!reader.exporting || resource.mirror !== true || typeof resource.import_url !== 'string') return;
      live.mirrorCredentials = await readCredentials(reader, Number(resource.id));
    },
  },
  // --rotate-secrets sends an import URL that carries credentials again (PUT import_url: the service
  // takes new credentials so); the URL itself is still compared without them.
  diff: (input) =>
    diffAttributes(
      input,
      (key, wanted, live) =>
        same(key, wanted, live) && !(input.rotateSecrets && key === 'import_url' && hasCredentials(wanted)),
    ),
  liveFields: (key, live) => attributeFields(key, live.resource),
  reached: (key, after, live) => live.resource !== null && same(key, after, settingOf(live.resource, key)),
  export: ({ live, placeholder }) => {
    const found = exportAttributes(live, PARAMS);
    if (typeof found?.import_url !== 'string') return found;
    // A mirror of a public repository has no credentials to name (GET …/mirror/pull said so).
    if (live.mirrorCredentials === false) return found;
    // The service never shows the URL's credentials: the file names them as a secret to set (user:token).
    const name = placeholder(
      `MIRROR_CREDENTIALS_${live.path}`,
      `the credentials (user:token) of ${live.path}'s pull mirror`,
    );
    return {
      ...found,
      import_url: found.import_url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, (scheme) => `${scheme}${name}@`),
    };
  },
};
