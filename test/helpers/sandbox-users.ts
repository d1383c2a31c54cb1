import type { User } from '../../src/sandbox/model.js';
import type { Store } from '../../src/sandbox/store.js';

/** A user made in the sandbox's store (set-up: the service has no POST /users), active unless `extra` says otherwise. */
export function addSandboxUser(store: Store, username: string, extra: Partial<User> = {}): User {
  const user: User = {
    id: store.nextId('user'),
    username,
    name: `${username} (test)`,
    email: `${username}@example.com`,
    state: 'active',
    last_activity_on: null,
    is_admin: false,
    external: false,
    bot: false,
    can_create_group: true,
    created_at: '2021-01-01T00:00:00.000Z',
    token: `glpat-test-${username}`,
    namespace_id: store.nextId('namespace'),
    provisioned_by_group_id: null,
    ...extra,
  };
  store.addUser(user);
  return user;
}
