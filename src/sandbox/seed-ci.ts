import type { Badge, CiVariable, Label, OwnerKey } from './model.js';
import type { Store } from './store.js';

/**
 * A few CI/CD variables, labels and a badge on the named groups and projects, so that a fresh sandbox
 * has something to list: acme's variable, labels and pipeline badge (which its projects show too), and
 * acme/web/storefront's own variables (a masked one, and one key in two environment scopes) and label.
 */
export function seedVariablesLabelsBadges(store: Store): void {
  const acme = store.findGroup('acme');
  const storefront = store.findProject('acme/web/storefront');
  if (!acme || !storefront) return;
  const group: OwnerKey = { kind: 'group', id: acme.id };
  const project: OwnerKey = { kind: 'project', id: storefront.id };
  const variable = (owner: OwnerKey, key: string, value: string, more: Partial<CiVariable> = {}): void => {
    store.variables.push({
      owner,
      key,
      value,
      variable_type: 'env_var',
      protected: false,
      masked: false,
      hidden: false,
      raw: false,
      environment_scope: '*',
      description: null,
      ...more,
    });
  };
  variable(group, 'DEPLOY_REGION', 'eu-west-1', { description: 'Where every Acme service deploys' });
  variable(project, 'STRIPE_API_KEY', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', { masked: true, protected: true });
  variable(project, 'APP_ENV', 'staging');
  variable(project, 'APP_ENV', 'production', { environment_scope: 'production' });

  const label = (
    owner: OwnerKey,
    name: string,
    color: string,
    description: string | null,
    priority: number | null = null,
  ): void => {
    const made: Label = { id: store.nextId('label'), owner, name, color, description, priority };
    store.labels.set(made.id, made);
  };
  label(group, 'bug', '#d9534f', 'Something is broken');
  label(group, 'feature', '#5cb85c', 'A new capability');
  label(project, 'checkout', '#f0ad4e', 'The checkout flow', 1);

  const badge: Badge = {
    id: store.nextId('badge'),
    owner: group,
    name: 'Pipeline',
    link_url: 'https://ci.example.com/%{project_path}/-/pipelines?ref=%{default_branch}',
    image_url: 'https://ci.example.com/%{project_path}/badges/%{default_branch}/pipeline.svg',
  };
  store.badges.set(badge.id, badge);
}
