import { strictObject } from 'zod/mini';
import { PROJECT_SETTINGS } from '../../params/projects.js';
import { mirrorUrlWithoutCredentials } from '../../params/remote-mirrors.js';
import { isItem, shape } from './common.js';
import type { Section } from './section.js';
import { attributeFields, diffAttributes, exportAttributes, MIRROR_KEYS, sameSetting, settingOf } from './settings.js';

/**
 * `mirror`: a project's pull mirror, the project attributes of the API reference's pull-mirroring
 * table. Sent in the project's one PUT with its settings; the import URL's credentials are a secret
 * (`${env:…}` in the file) the service never shows, so they are compared without, and sent again
 * with --rotate-secrets.
 */

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

export const mirror: Section<never> = {
  name: 'mirror',
  kinds: ['project'],
  order: 'first',
  schema: () => strictObject(shape(PARAMS)),
  // Templates only in the credentials: the URL without them, which is compared, is all there.
  unshown: (_map, field, written) =>
    field === 'import_url' && !mirrorUrlWithoutCredentials(written).includes('$' + '{'),
  createBody: (value) => (isItem(value) ? value : {}),
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
