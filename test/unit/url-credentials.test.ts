import { describe, expect, it } from 'vitest';
import { maskUrlCredentials } from '../../src/util/secrets.js';

/** A URL's credentials masked in a line collab writes, and collab.yaml's templates left as they are. */
const TEMPLATE = (name: string) => `$${'{'}env:${name}}`;

describe('maskUrlCredentials', () => {
  it('masks a password and a user part alone, but the git user', () => {
    expect(
      ['https://bot:secret@h.example/x.git', 'https://tok@h.example/x.git', 'ssh://git@h.example/x.git'].map(
        maskUrlCredentials,
      ),
    ).toEqual(['https://bot:****@h.example/x.git', 'https://****@h.example/x.git', 'ssh://git@h.example/x.git']);
  });

  it('leaves credentials that are templates, as a plan keeps them, whole', () => {
    const urls = [
      `https://${TEMPLATE('PULL_CREDENTIALS')}@github.com/acme/api.git`,
      `https://bot:${TEMPLATE('TOKEN')}@github.com/acme/api.git`,
      `https://${TEMPLATE('USER')}:${TEMPLATE('TOKEN')}@github.com/acme/api.git`,
    ];
    expect(urls.map(maskUrlCredentials)).toEqual(urls);
  });

  it('masks credentials where a template is only a part of the user', () => {
    expect(maskUrlCredentials(`https://${TEMPLATE('USER')}x:secret@h.example/x.git`)).not.toContain('secret');
  });
});
