# Drives every endpoint the sandbox serves through the Ruby gitlab gem (Debian's ruby-gitlab), so that
# its requests can be recorded (scripts/clients/record.sh ruby). Endpoints the gem has no method for go
# through its own get/post/put/delete, which encode them as the gem encodes everything (form bodies).
#   ruby drive.rb http://127.0.0.1:PORT
require 'gitlab'
require 'erb'
require 'tempfile'

BASE = ARGV.fetch(0)

def client(role)
  Gitlab.client(endpoint: "#{BASE}/api/v4", private_token: "glpat-sandbox-#{role}-token")
end

# A refusal is recorded too: report it and go on.
def step(name)
  yield
rescue StandardError => e
  warn "#{name}: #{e.class}: #{e.message.lines.first&.strip}"
  nil
end

def enc(path) = ERB::Util.url_encode(path)

admin = client('admin')
owner = client('owner')
maint = client('maintainer')
dev = client('developer')
storefront = 'acme/web/storefront'
api_project = 'acme/platform/api'
atlas = 'globex/research/atlas'

step('user') { dev.user }
step('version') { admin.version }
step('metadata') { admin.get('/metadata') }
dana = step('users') { admin.users(username: 'dana').first.id }
step('user by id') { admin.user(dana) }
step('memberships') { admin.get("/users/#{dana}/memberships") }
step('user projects') { admin.user_projects('olivia') }
step('starred') { admin.user_starred_projects('olivia') }
step('namespace') { admin.get('/namespaces/acme') }

# Projects.
step('projects') { dev.projects(search: 'store', membership: true, order_by: 'path', sort: 'asc') }
sf = step('project') { admin.project(storefront) }
web = step('group') { admin.group('acme/web', with_projects: false) }
platform = step('group') { admin.group('acme/platform', with_projects: false) }
created = step('create project') do
  admin.create_project('Ruby Client', path: 'ruby-client', namespace_id: web.id, description: 'made by the gitlab gem',
                                      visibility: 'internal', initialize_with_readme: true, default_branch: 'trunk',
                                      topics: 'ruby,client')
end
id = created.id
step('create for user') { admin.post("/projects/user/#{dana}", body: { name: 'dana-ruby' }) }
step('edit default branch') { admin.edit_project(id, default_branch: 'missing') }
step('edit project') { admin.edit_project(id, description: 'edited', issues_access_level: 'private', squash_option: 'default_on') }
step('archive') { admin.archive_project(id) }
step('unarchive') { admin.unarchive_project(id) }
step('star') { dev.star_project(storefront) }
step('starrers') { admin.get("/projects/#{enc(storefront)}/starrers") }
step('unstar') { dev.unstar_project(storefront) }
fork = step('fork') { admin.create_fork(storefront, namespace: 'globex', name: 'storefront-ruby', path: 'storefront-ruby') }
step('forks') { admin.project_forks(storefront) }
if fork
  step('unfork') { admin.remove_forked(fork.id) }
  step('fork relation') { admin.make_forked_from(fork.id, id) }
end
step('project users') { dev.get("/projects/#{enc(storefront)}/users", query: { search: 'd' }) }
step('project groups') { dev.get("/projects/#{enc(storefront)}/groups") }
step('languages') { dev.get("/projects/#{enc(storefront)}/languages") }
step('storage') { admin.get("/projects/#{enc(storefront)}/storage") }
step('snapshot') { admin.get("/projects/#{enc(storefront)}/snapshot") }
step('upload') do
  Tempfile.create(['notes', '.txt']) do |file|
    file.write("hello\n")
    file.flush
    maint.upload_file(storefront, file.path)
  end
end
step('housekeeping') { maint.post("/projects/#{enc(storefront)}/housekeeping") }
step('import members') { admin.post("/projects/#{id}/import_project_members/#{enc(storefront)}") }
step('mirror pull') { admin.post("/projects/#{enc(storefront)}/mirror/pull") }
step('pull mirror') { admin.get("/projects/#{enc(storefront)}/mirror/pull") }
step('share') { admin.share_project_with_group(id, platform.id, 30) }
step('unshare') { admin.unshare_project_with_group(id, platform.id) }

# Project hooks and push rule.
hook = step('add hook') { maint.add_project_hook(storefront, 'https://ci.example.com/ruby', issues_events: true, token: 'ruby-hook-secret') }
step('hooks') { maint.project_hooks(storefront) }
if hook
  step('hook') { maint.project_hook(storefront, hook.id) }
  step('edit hook') { maint.edit_project_hook(storefront, hook.id, 'https://ci.example.com/ruby2', push_events: false) }
  step('delete hook') { maint.delete_project_hook(storefront, hook.id) }
end
step('add push rule') { maint.add_push_rule(storefront, commit_message_regex: '^JIRA-', max_file_size: 20, prevent_secrets: true) }
step('push rule') { maint.push_rule(storefront) }
step('edit push rule') { maint.edit_push_rule(storefront, member_check: true) }
step('delete push rule') { maint.delete_push_rule(storefront) }

# Project members: dana is a Developer of acme, and GitLab refuses a project role below that.
step('add member') { maint.add_team_member(api_project, dana, 30, expires_at: '2099-12-31') }
step('members') { dev.team_members(api_project, query: 'dana') }
step('all members') { dev.all_members(api_project) }
step('member') { dev.team_member(api_project, dana) }
step('inherited member') { dev.get("/projects/#{enc(api_project)}/members/all/#{dana}") }
step('edit member') { maint.edit_team_member(api_project, dana, 40) }
step('delete member') { maint.remove_team_member(api_project, dana) }

# Protected branches and tags.
step('protect branch') { maint.protect_branch(storefront, 'stable/*', push_access_level: 0, merge_access_level: 30) }
step('protected branches') { maint.protected_branches(storefront) }
step('protected branch') { maint.protected_branch(storefront, 'stable/*') }
step('unprotect') { maint.unprotect_branch(storefront, 'stable/*') }
step('protect tag') { maint.protect_repository_tag(storefront, 'release-*', create_access_level: 40) }
step('protected tags') { maint.protected_tags(storefront) }
step('protected tag') { maint.protected_tag(storefront, 'release-*') }
step('unprotect tag') { maint.unprotect_repository_tag(storefront, 'release-*') }

# Deploy keys.
step('all deploy keys') { admin.get('/deploy_keys') }
key = step('add deploy key') do
  admin.create_deploy_key(atlas, 'ruby key',
                          'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBvcbbMl3eBaFikg4OIDXrbRPb6dLFjh5nGiUAd3HZ6D ruby@example.com',
                          can_push: true)
end
step('deploy keys') { admin.deploy_keys(atlas) }
if key
  step('deploy key') { admin.deploy_key(atlas, key.id) }
  step('edit deploy key') { admin.edit_deploy_key(atlas, key.id, 'ruby key 2', can_push: false) }
  step('enable deploy key') { admin.enable_deploy_key(storefront, key.id) }
  step('delete deploy key') { admin.delete_deploy_key(atlas, key.id) }
end

# Variables, labels, badges.
step('create variable') { maint.create_variable(storefront, 'RUBY_TOKEN', 's3cr3t-value', masked: true, protected: true) }
step('variables') { maint.variables(storefront) }
step('variable') { maint.variable(storefront, 'RUBY_TOKEN') }
step('update variable') { maint.update_variable(storefront, 'RUBY_TOKEN', 'an0ther-value') }
step('remove variable') { maint.remove_variable(storefront, 'RUBY_TOKEN') }
step('create label') { dev.create_label(storefront, 'ruby-bug', '#d9534f', description: 'from ruby', priority: 2) }
step('labels') { dev.labels(storefront, with_counts: true) }
step('label') { dev.get("/projects/#{enc(storefront)}/labels/ruby-bug") }
step('edit label by id') { dev.put("/projects/#{enc(storefront)}/labels/ruby-bug", body: { description: 'by id' }) }
step('edit label') { dev.edit_label(storefront, 'ruby-bug', new_name: 'ruby-defect', color: 'red') }
step('delete label') { dev.delete_label(storefront, 'ruby-defect') }
step('create label to remove by name') { dev.create_label(storefront, 'ruby-old', '#000000') }
step('edit label by name') { dev.put("/projects/#{enc(storefront)}/labels", body: { name: 'ruby-old', description: 'old' }) }
step('delete label by name') { dev.delete("/projects/#{enc(storefront)}/labels", query: { name: 'ruby-old' }) }
badge = step('add badge') { maint.add_project_badge(storefront, link_url: 'https://ci.example.com/%{project_path}', image_url: 'https://ci.example.com/%{default_branch}.svg', name: 'ruby') }
step('badges') { dev.project_badges(storefront) }
step('preview badge') { maint.preview_project_badge(storefront, 'https://a/%{project_id}', 'https://b/%{default_branch}') }
if badge
  step('badge') { dev.project_badge(storefront, badge.id) }
  step('edit badge') { maint.edit_project_badge(storefront, badge.id, name: 'ruby2') }
  step('remove badge') { maint.remove_project_badge(storefront, badge.id) }
end

# Noteables and notes.
step('issues') { dev.issues(storefront) }
step('merge requests') { dev.merge_requests(storefront) }
step('snippets') { dev.snippets(storefront) }
epics = step('epics') { dev.epics('acme') }
# Each noteable's notes, through the gem's methods for that kind (issue 1, merge request 1, snippet 1).
{ 'issue' => { order_by: 'created_at', sort: 'asc' }, 'merge_request' => {}, 'snippet' => {} }.each do |kind, list_options|
  note = step("create #{kind} note") { dev.public_send("create_#{kind}_note", storefront, 1, "#{kind} from ruby") }
  step("#{kind} notes") { dev.public_send("#{kind}_notes", storefront, 1, list_options) }
  next unless note

  step("#{kind} note") { dev.public_send("#{kind}_note", storefront, 1, note.id) }
  step("edit #{kind} note") { dev.public_send("edit_#{kind}_note", storefront, 1, note.id, "#{kind} edited") }
  step("delete #{kind} note") { dev.public_send("delete_#{kind}_note", storefront, 1, note.id) }
end
if epics&.first
  # Epic notes are addressed by the epic's ID, not its IID.
  epic = epics.first.id
  ep_note = step('create epic note') { dev.create_epic_note('acme', epic, 'epic from ruby') }
  step('epic notes') { dev.epic_notes('acme', epic) }
  if ep_note
    step('epic note') { dev.get("/groups/acme/epics/#{epic}/notes/#{ep_note.id}") }
    step('edit epic note') { dev.put("/groups/acme/epics/#{epic}/notes/#{ep_note.id}", body: { body: 'epic edited' }) }
    step('delete epic note') { dev.delete("/groups/acme/epics/#{epic}/notes/#{ep_note.id}") }
  end
end

# Approval rules and settings.
rule = step('create approval rule') { maint.create_project_merge_request_approval_rule(storefront, name: 'ruby reviewers', approvals_required: 1, user_ids: [dana]) }
step('approval rules') { maint.project_merge_request_approval_rules(storefront) }
if rule
  step('approval rule') { maint.get("/projects/#{enc(storefront)}/approval_rules/#{rule.id}") }
  step('update approval rule') { maint.update_project_merge_request_approval_rule(storefront, rule.id, approvals_required: 2) }
  step('delete approval rule') { maint.delete_project_merge_request_approval_rule(storefront, rule.id) }
end
step('approval setting') { maint.get("/projects/#{enc(storefront)}/merge_request_approval_setting") }
step('edit approval setting') { maint.put("/projects/#{enc(storefront)}/merge_request_approval_setting", body: { allow_author_approval: true }) }
step('group approval setting') { owner.get('/groups/acme/merge_request_approval_setting') }
step('edit group approval setting') { owner.put('/groups/acme/merge_request_approval_setting', body: { require_password_to_approve: true }) }

# Groups.
step('groups') { dev.groups(search: 'acme', all_available: true) }
group = step('create group') { admin.create_group('Ruby Team', 'ruby-team', parent_id: platform.id, visibility: 'private', description: 'ruby') }
step('edit group') { admin.edit_group(group.id, description: 'edited', request_access_enabled: false) }
step('subgroups') { dev.group_subgroups('acme') }
step('descendants') { dev.get('/groups/acme/descendant_groups') }
step('group projects') { dev.group_projects('acme', include_subgroups: true, simple: true) }
step('shared projects') { dev.get('/groups/acme/projects/shared') }
step('transfer project into group') { admin.transfer_project_to_group(group.id, id) }
step('provisioned users') { owner.get('/groups/acme/provisioned_users') }
step('avatar') { dev.get('/groups/acme/avatar') }
ghook = step('add group hook') { owner.post('/groups/acme/hooks', body: { url: 'https://ci.example.com/g', subgroup_events: true }) }
step('group hooks') { owner.get('/groups/acme/hooks') }
if ghook
  step('group hook') { owner.get("/groups/acme/hooks/#{ghook.id}") }
  step('edit group hook') { owner.put("/groups/acme/hooks/#{ghook.id}", body: { url: 'https://ci.example.com/g2' }) }
  step('delete group hook') { owner.delete("/groups/acme/hooks/#{ghook.id}") }
end
step('add group push rule') { owner.post('/groups/acme/push_rule', body: { deny_delete_tag: true }) }
step('group push rule') { owner.get('/groups/acme/push_rule') }
step('edit group push rule') { owner.put('/groups/acme/push_rule', body: { member_check: true }) }
step('delete group push rule') { owner.delete('/groups/acme/push_rule') }
step('share group') { admin.post("/groups/#{group.id}/share", body: { group_id: web.id, group_access: 20 }) }
step('unshare group') { admin.delete("/groups/#{group.id}/share/#{web.id}") }
step('add group member') { owner.add_group_member('acme/web', dana, 40) }
step('group members') { dev.group_members('acme/web') }
step('all group members') { dev.get("/groups/#{enc('acme/web')}/members/all") }
step('group member') { dev.group_member('acme/web', dana) }
step('inherited group member') { dev.get("/groups/#{enc('acme/web')}/members/all/#{dana}") }
step('edit group member') { owner.edit_group_member('acme/web', dana, 30) }
step('remove group member') { owner.remove_group_member('acme/web', dana) }
step('add ldap link') { owner.add_ldap_group_links('acme', 'ruby-devs', 30, 'ldapmain') }
step('ldap links') { owner.get('/groups/acme/ldap_group_links') }
step('ldap sync') { owner.sync_ldap_group('acme') }
step('delete ldap link for provider') { owner.delete_ldap_group_links('acme', 'ruby-devs', 'ldapmain') }
step('add ldap link') { owner.post('/groups/acme/ldap_group_links', body: { cn: 'ruby-ops', group_access: 20, provider: 'ldapmain' }) }
step('delete ldap link') { owner.delete('/groups/acme/ldap_group_links/ruby-ops') }
step('add ldap filter link') { owner.post('/groups/acme/ldap_group_links', body: { filter: '(ou=ruby)', group_access: 20, provider: 'ldapmain' }) }
step('delete ldap filter link') { owner.delete('/groups/acme/ldap_group_links', body: { filter: '(ou=ruby)', provider: 'ldapmain' }) }
step('create group variable') { owner.create_group_variable('acme', 'RUBY_GROUP', 'group-value-1') }
step('group variables') { owner.group_variables('acme') }
step('group variable') { owner.group_variable('acme', 'RUBY_GROUP') }
step('update group variable') { owner.update_group_variable('acme', 'RUBY_GROUP', 'group-value-2') }
step('remove group variable') { owner.remove_group_variable('acme', 'RUBY_GROUP') }
step('create group label') { owner.create_group_label('acme', 'ruby-group', '#428BCA') }
step('group labels') { dev.group_labels('acme') }
step('group label') { dev.get('/groups/acme/labels/ruby-group') }
step('edit group label by id') { owner.put('/groups/acme/labels/ruby-group', body: { color: '#5CB85C' }) }
step('edit group label') { owner.edit_group_label('acme', 'ruby-group', description: 'from ruby') }
step('delete group label') { owner.delete_group_label('acme', 'ruby-group') }
step('create group label to remove by name') { owner.create_group_label('acme', 'ruby-old', '#000000') }
step('edit group label by name') { owner.put('/groups/acme/labels', body: { name: 'ruby-old', description: 'old' }) }
step('delete group label by name') { owner.delete('/groups/acme/labels', query: { name: 'ruby-old' }) }
gbadge = step('add group badge') { owner.add_group_badge('acme', link_url: 'https://g.example.com/%{project_path}', image_url: 'https://g.example.com/b.svg') }
step('group badges') { dev.group_badges('acme') }
step('preview group badge') { owner.preview_group_badge('acme', 'https://a/%{project_path}', 'https://b/x.svg') }
if gbadge
  step('group badge') { dev.group_badge('acme', gbadge.id) }
  step('edit group badge') { owner.edit_group_badge('acme', gbadge.id, image_url: 'https://g.example.com/c.svg') }
  step('remove group badge') { owner.remove_group_badge('acme', gbadge.id) }
end

# A branch and a tag, which a schedule's short ref names.
step('create branch') { dev.create_branch(storefront, 'ruby-nightly', 'main') }
step('branch') { dev.branch(storefront, 'ruby-nightly') }
step('create tag') { maint.create_tag(storefront, 'ruby-v1', 'main', 'Ruby release') }
step('tag') { dev.tag(storefront, 'ruby-v1') }

# Pipeline schedules, the job token scope, push mirrors.
sched = step('create schedule') { maint.create_pipeline_schedule(storefront, description: 'nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'UTC', active: true) }
step('schedules') { dev.pipeline_schedules(storefront) }
if sched
  step('schedule') { dev.pipeline_schedule(storefront, sched.id) }
  step('edit schedule') { maint.edit_pipeline_schedule(storefront, sched.id, cron: '0 3 * * *') }
  step('take ownership') { admin.pipeline_schedule_take_ownership(storefront, sched.id) }
  step('play schedule') { admin.post("/projects/#{enc(storefront)}/pipeline_schedules/#{sched.id}/play") }
  step('schedule variable') { admin.create_pipeline_schedule_variable(storefront, sched.id, key: 'RUBY_VAR', value: 'one') }
  step('edit schedule variable') { admin.edit_pipeline_schedule_variable(storefront, sched.id, 'RUBY_VAR', value: 'two') }
  step('delete schedule variable') { admin.delete_pipeline_schedule_variable(storefront, sched.id, 'RUBY_VAR') }
  step('delete schedule') { admin.delete_pipeline_schedule(storefront, sched.id) }
end
scope = "/projects/#{enc(storefront)}/job_token_scope"
step('job token scope') { maint.get(scope) }
step('edit job token scope') { maint.patch(scope, body: { enabled: true }) } if maint.respond_to?(:patch)
# An allowlist's POST and DELETE take the project's numeric ID alone (GitLab's `requires :id, type: Integer`).
by_id = "/projects/#{sf.id}/job_token_scope"
step('allow project') { maint.post("#{by_id}/allowlist", body: { target_project_id: id }) }
step('allowed projects') { maint.get("#{scope}/allowlist") }
step('disallow project') { maint.delete("#{by_id}/allowlist/#{id}") }
step('allow group') { maint.post("#{by_id}/groups_allowlist", body: { target_group_id: web.id }) }
step('allowed groups') { maint.get("#{scope}/groups_allowlist") }
step('disallow group') { maint.delete("#{by_id}/groups_allowlist/#{web.id}") }
mirrors = "/projects/#{enc(storefront)}/remote_mirrors"
mirror = step('add mirror') { maint.post(mirrors, body: { url: 'https://mirror.example.com/storefront.git', enabled: true }) }
step('mirrors') { maint.get(mirrors) }
if mirror
  step('mirror') { maint.get("#{mirrors}/#{mirror.id}") }
  step('edit mirror') { maint.put("#{mirrors}/#{mirror.id}", body: { keep_divergent_refs: true }) }
  step('sync mirror') { maint.post("#{mirrors}/#{mirror.id}/sync") }
  step('delete mirror') { maint.delete("#{mirrors}/#{mirror.id}") }
end
key_mirror = step('add key mirror') { maint.post(mirrors, body: { url: 'ssh://git@mirror.example.com/storefront.git', auth_method: 'ssh_public_key' }) }
if key_mirror
  step('mirror public key') { maint.get("#{mirrors}/#{key_mirror.id}/public_key") }
  step('delete key mirror') { maint.delete("#{mirrors}/#{key_mirror.id}") }
end

# Protected environments and integrations, which the gem has no methods for. A count of approvals
# is an approval rule's: GitLab refuses required_approval_count above 0 as deprecated.
[[maint, "/projects/#{enc(storefront)}", 'production'], [owner, '/groups/acme', 'staging']].each do |c, path, env|
  step('protect environment') { c.post("#{path}/protected_environments", body: { name: env, deploy_access_levels: [{ access_level: 40 }] }) }
  step('protected environments') { c.get("#{path}/protected_environments") }
  step('protected environment') { c.get("#{path}/protected_environments/#{env}") }
  step('edit protected environment') { c.put("#{path}/protected_environments/#{env}", body: { approval_rules: [{ access_level: 40, required_approvals: 2 }] }) }
  step('unprotect environment') { c.delete("#{path}/protected_environments/#{env}") }
  step('set integration') { c.put("#{path}/integrations/slack", body: { webhook: 'https://hooks.slack.com/services/T0/B0/ruby', push_events: true }) }
  step('integrations') { c.get("#{path}/integrations") }
  step('integration') { c.get("#{path}/integrations/slack") }
  step('remove integration') { c.delete("#{path}/integrations/slack") }
end

# A user's state, on the external user.
xena = step('users') { admin.users(username: 'xena').first.id }
step('block') { admin.block_user(xena) }
step('unblock') { admin.unblock_user(xena) }
%w[deactivate activate ban unban].each { |change| step(change) { admin.post("/users/#{xena}/#{change}") } }

# Moves and removals last.
step('transfer project') { admin.transfer_project(id, 'globex') }
step('delete project') { admin.delete_project(id) }
step('restore project') { admin.post("/projects/#{id}/restore") }
step('transfer group') { admin.post("/groups/#{group.id}/transfer", body: { group_id: web.id }) }
step('delete group') { admin.delete_group(group.id) }
step('restore group') { admin.post("/groups/#{group.id}/restore") }
