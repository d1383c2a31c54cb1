import { describe, expect, it } from 'vitest';
import { chooseHost } from '../../src/config/host.js';

/** The one rule of a run's host: --host, else COLLAB_HOST, else the config's default; the default is read only when needed. */
describe('chooseHost', () => {
  const never = () => {
    throw new Error('the default host was read though a host was given');
  };

  it('takes --host before COLLAB_HOST, without reading the default', async () => {
    expect(await chooseHost('https://a.example/api/v4', { COLLAB_HOST: 'https://b.example' }, never)).toEqual({
      url: 'https://a.example/api/v4',
      key: 'https://a.example',
      source: '--host',
    });
  });

  it('takes COLLAB_HOST before the default, without reading it', async () => {
    expect(await chooseHost(undefined, { COLLAB_HOST: 'https://b.example/gitlab' }, never)).toEqual({
      url: 'https://b.example/gitlab',
      key: 'https://b.example/gitlab',
      source: 'COLLAB_HOST',
    });
  });

  it('falls back to the configured default, and to nothing', async () => {
    expect((await chooseHost(undefined, { COLLAB_HOST: '' }, async () => 'https://c.example'))?.source).toBe(
      'the default host',
    );
    expect(await chooseHost(undefined, {}, () => undefined)).toBeUndefined();
  });

  it('refuses a URL that is not one, naming it', async () => {
    await expect(chooseHost(undefined, { COLLAB_HOST: 'ftp://x' }, never)).rejects.toMatchObject({ kind: 'usage' });
  });
});
