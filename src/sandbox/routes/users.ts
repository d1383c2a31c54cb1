import { notFound, unauthorized } from '../errors.js';
import { json, type Router } from '../http.js';

export function register(router: Router): void {
  /** The caller, as GET /user answers for a token. */
  router.get('/user', (req) => {
    const user = req.user;
    if (!user) throw unauthorized();
    return json({
      id: user.id,
      username: user.username,
      name: user.name,
      state: user.state,
      avatar_url: null,
      web_url: `${req.store.origin}/${user.username}`,
      created_at: user.created_at,
      bio: '',
      public_email: null,
      email: user.email,
      is_admin: user.is_admin,
      external: user.external,
      bot: user.bot,
      can_create_group: user.can_create_group,
      can_create_project: !user.external,
      two_factor_enabled: false,
      namespace_id: user.namespace_id,
    });
  });

  router.get('/version', (req) => {
    if (!req.user) throw unauthorized();
    return json({ version: '16.11.0-sandbox', revision: 'sandbox', kas: { enabled: false, externalUrl: null, version: null }, enterprise: true });
  });

  router.get('/users/:user_id', (req) => {
    const user = req.store.userByName(req.params.user_id as string);
    if (!user) throw notFound('User');
    return json({ id: user.id, username: user.username, name: user.name, state: user.state, avatar_url: null, web_url: `${req.store.origin}/${user.username}` });
  });
}
