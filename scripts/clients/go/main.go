// Drives every endpoint the sandbox serves through go-gitlab (Debian's golang-github-xanzy-go-gitlab-dev),
// as glab and terraform's GitLab provider call it, so that its requests can be recorded
// (scripts/clients/record.sh). Endpoints the library has no method for go through its own
// NewRequest/Do, so that they are encoded as the library encodes everything.
//   GO111MODULE=off GOPATH=/usr/share/gocode go run main.go http://127.0.0.1:PORT
package main

import (
	"fmt"
	"net/http"
	"os"
	"strings"

	gitlab "github.com/xanzy/go-gitlab"
)

var base string

func client(role string) *gitlab.Client {
	c, err := gitlab.NewClient("glpat-sandbox-"+role+"-token", gitlab.WithBaseURL(base+"/api/v4"))
	if err != nil {
		panic(err)
	}
	return c
}

// step reports an error and goes on: a refusal is recorded too.
func step(name string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, strings.SplitN(err.Error(), "\n", 2)[0])
	}
}

// raw sends what the library has no method for, with its own request machinery.
func raw(c *gitlab.Client, method, path string, opt interface{}) {
	req, err := c.NewRequest(method, path, opt, nil)
	if err != nil {
		step(path, err)
		return
	}
	var out interface{}
	_, err = c.Do(req, &out)
	step(method+" "+path, err)
}

func main() {
	base = os.Args[1]
	admin, owner, maint, dev := client("admin"), client("owner"), client("maintainer"), client("developer")
	s, b, i := gitlab.String, gitlab.Bool, gitlab.Int
	storefront, apiProject, atlas := "acme/web/storefront", "acme/platform/api", "globex/research/atlas"

	// Users, version, namespaces.
	_, _, err := dev.Users.CurrentUser()
	step("current user", err)
	_, _, err = admin.Version.GetVersion()
	step("version", err)
	raw(admin, http.MethodGet, "metadata", nil)
	users, _, err := admin.Users.ListUsers(&gitlab.ListUsersOptions{Username: s("dana")})
	step("users", err)
	dana := users[0].ID
	_, _, err = admin.Users.GetUser(dana, gitlab.GetUsersOptions{})
	step("user", err)
	_, _, err = admin.Users.GetUserMemberships(dana, &gitlab.GetUserMembershipOptions{})
	step("memberships", err)
	_, _, err = admin.Projects.ListUserProjects("olivia", &gitlab.ListProjectsOptions{})
	step("user projects", err)
	_, _, err = admin.Projects.ListUserStarredProjects("olivia", &gitlab.ListProjectsOptions{})
	step("starred", err)
	_, _, err = admin.Namespaces.GetNamespace("acme")
	step("namespace", err)

	// Projects.
	_, _, err = dev.Projects.ListProjects(&gitlab.ListProjectsOptions{Search: s("store"), Membership: b(true), OrderBy: s("path"), Sort: s("asc")})
	step("projects", err)
	sf, _, err := admin.Projects.GetProject(storefront, &gitlab.GetProjectOptions{Statistics: b(true), License: b(true)})
	step("project", err)
	web, _, err := admin.Groups.GetGroup("acme/web", &gitlab.GetGroupOptions{WithProjects: b(false)})
	step("group", err)
	created, _, err := admin.Projects.CreateProject(&gitlab.CreateProjectOptions{
		Name: s("Go Client"), Path: s("go-client"), NamespaceID: i(web.ID), Description: s("made by go-gitlab"),
		Visibility: gitlab.Visibility(gitlab.InternalVisibility), InitializeWithReadme: b(true), DefaultBranch: s("trunk"),
		Topics: &[]string{"go", "client"}, MergeMethod: gitlab.MergeMethod(gitlab.FastForwardMerge),
	})
	step("create project", err)
	id := created.ID
	_, _, err = admin.Projects.CreateProjectForUser(dana, &gitlab.CreateProjectForUserOptions{Name: s("dana-go")})
	step("create for user", err)
	_, _, err = admin.Projects.EditProject(id, &gitlab.EditProjectOptions{DefaultBranch: s("missing")})
	step("edit default branch", err)
	_, _, err = admin.Projects.EditProject(id, &gitlab.EditProjectOptions{
		Description: s("edited"), IssuesAccessLevel: gitlab.AccessControl(gitlab.PrivateAccessControl),
		OnlyAllowMergeIfPipelineSucceeds: b(true), SquashOption: gitlab.SquashOption(gitlab.SquashOptionDefaultOn),
	})
	step("edit project", err)
	_, _, err = admin.Projects.ArchiveProject(id)
	step("archive", err)
	_, _, err = admin.Projects.UnarchiveProject(id)
	step("unarchive", err)
	_, _, err = dev.Projects.StarProject(storefront)
	step("star", err)
	raw(admin, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/starrers", nil)
	_, _, err = dev.Projects.UnstarProject(storefront)
	step("unstar", err)
	fork, _, err := admin.Projects.ForkProject(storefront, &gitlab.ForkProjectOptions{Namespace: s("globex"), Name: s("storefront-go"), Path: s("storefront-go")})
	step("fork", err)
	_, _, err = admin.Projects.ListProjectForks(storefront, &gitlab.ListProjectsOptions{})
	step("forks", err)
	if fork != nil {
		_, err = admin.Projects.DeleteProjectForkRelation(fork.ID)
		step("unfork", err)
		_, _, err = admin.Projects.CreateProjectForkRelation(fork.ID, created.ID)
		step("fork relation", err)
	}
	_, _, err = dev.Projects.ListProjectsUsers(storefront, &gitlab.ListProjectUserOptions{Search: s("d")})
	step("project users", err)
	_, _, err = dev.Projects.ListProjectsGroups(storefront, &gitlab.ListProjectGroupOptions{})
	step("project groups", err)
	_, _, err = dev.Projects.GetProjectLanguages(storefront)
	step("languages", err)
	raw(admin, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/storage", nil)
	raw(admin, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/snapshot", nil)
	_, _, err = maint.Projects.UploadFile(storefront, strings.NewReader("hello\n"), "notes.txt")
	step("upload", err)
	raw(maint, http.MethodPost, "projects/acme%2Fweb%2Fstorefront/housekeeping", nil)
	raw(admin, http.MethodPost, fmt.Sprintf("projects/%d/import_project_members/acme%%2Fweb%%2Fstorefront", id), nil)
	_, err = admin.Projects.StartMirroringProject(storefront)
	step("mirror pull", err)
	// This go-gitlab has no method for the pull mirror's details (GitLab 15.6).
	raw(admin, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/mirror/pull", nil)
	platform, _, err := admin.Groups.GetGroup("acme/platform", &gitlab.GetGroupOptions{WithProjects: b(false)})
	step("group", err)
	_, err = admin.Projects.ShareProjectWithGroup(id, &gitlab.ShareWithGroupOptions{GroupID: i(platform.ID), GroupAccess: gitlab.AccessLevel(gitlab.DeveloperPermissions), ExpiresAt: s("2099-01-31")})
	step("share", err)
	_, err = admin.Projects.DeleteSharedProjectFromGroup(id, platform.ID)
	step("unshare", err)

	// Project hooks and push rule.
	hook, _, err := maint.Projects.AddProjectHook(storefront, &gitlab.AddProjectHookOptions{URL: s("https://ci.example.com/go"), IssuesEvents: b(true), Token: s("go-hook-secret"), PushEventsBranchFilter: s("main")})
	step("add hook", err)
	_, _, err = maint.Projects.ListProjectHooks(storefront, &gitlab.ListProjectHooksOptions{})
	step("hooks", err)
	if hook != nil {
		_, _, err = maint.Projects.GetProjectHook(storefront, hook.ID)
		step("hook", err)
		_, _, err = maint.Projects.EditProjectHook(storefront, hook.ID, &gitlab.EditProjectHookOptions{URL: s("https://ci.example.com/go2"), PushEvents: b(false)})
		step("edit hook", err)
		_, err = maint.Projects.DeleteProjectHook(storefront, hook.ID)
		step("delete hook", err)
	}
	_, _, err = maint.Projects.AddProjectPushRule(storefront, &gitlab.AddProjectPushRuleOptions{CommitMessageRegex: s("^JIRA-"), MaxFileSize: i(20), PreventSecrets: b(true)})
	step("add push rule", err)
	_, _, err = maint.Projects.GetProjectPushRules(storefront)
	step("push rule", err)
	_, _, err = maint.Projects.EditProjectPushRule(storefront, &gitlab.EditProjectPushRuleOptions{MemberCheck: b(true)})
	step("edit push rule", err)
	_, err = maint.Projects.DeleteProjectPushRule(storefront)
	step("delete push rule", err)

	// Project members: dana is a Developer of acme, and GitLab refuses a project role below that.
	_, _, err = maint.ProjectMembers.AddProjectMember(apiProject, &gitlab.AddProjectMemberOptions{UserID: dana, AccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions), ExpiresAt: s("2099-12-31")})
	step("add member", err)
	_, _, err = dev.ProjectMembers.ListProjectMembers(apiProject, &gitlab.ListProjectMembersOptions{Query: s("dana")})
	step("members", err)
	_, _, err = dev.ProjectMembers.ListAllProjectMembers(apiProject, &gitlab.ListProjectMembersOptions{})
	step("all members", err)
	_, _, err = dev.ProjectMembers.GetProjectMember(apiProject, dana)
	step("member", err)
	_, _, err = dev.ProjectMembers.GetInheritedProjectMember(apiProject, dana)
	step("inherited member", err)
	_, _, err = maint.ProjectMembers.EditProjectMember(apiProject, dana, &gitlab.EditProjectMemberOptions{AccessLevel: gitlab.AccessLevel(gitlab.MaintainerPermissions)})
	step("edit member", err)
	_, err = maint.ProjectMembers.DeleteProjectMember(apiProject, dana)
	step("delete member", err)

	// Protected branches and tags.
	_, _, err = maint.ProtectedBranches.ProtectRepositoryBranches(storefront, &gitlab.ProtectRepositoryBranchesOptions{Name: s("stable/*"), PushAccessLevel: gitlab.AccessLevel(gitlab.NoPermissions), MergeAccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions), AllowForcePush: b(false)})
	step("protect branch", err)
	_, _, err = maint.ProtectedBranches.ListProtectedBranches(storefront, &gitlab.ListProtectedBranchesOptions{})
	step("protected branches", err)
	_, _, err = maint.ProtectedBranches.GetProtectedBranch(storefront, "stable/*")
	step("protected branch", err)
	_, err = maint.ProtectedBranches.RequireCodeOwnerApprovals(storefront, "stable/*", &gitlab.RequireCodeOwnerApprovalsOptions{CodeOwnerApprovalRequired: b(true)})
	step("code owners", err)
	_, err = maint.ProtectedBranches.UnprotectRepositoryBranches(storefront, "stable/*")
	step("unprotect", err)
	_, _, err = maint.ProtectedTags.ProtectRepositoryTags(storefront, &gitlab.ProtectRepositoryTagsOptions{Name: s("release-*"), CreateAccessLevel: gitlab.AccessLevel(gitlab.MaintainerPermissions)})
	step("protect tag", err)
	_, _, err = maint.ProtectedTags.ListProtectedTags(storefront, &gitlab.ListProtectedTagsOptions{})
	step("protected tags", err)
	_, _, err = maint.ProtectedTags.GetProtectedTag(storefront, "release-*")
	step("protected tag", err)
	_, err = maint.ProtectedTags.UnprotectRepositoryTags(storefront, "release-*")
	step("unprotect tag", err)

	// Deploy keys.
	_, _, err = admin.DeployKeys.ListAllDeployKeys(&gitlab.ListInstanceDeployKeysOptions{})
	step("all deploy keys", err)
	key, _, err := admin.DeployKeys.AddDeployKey(atlas, &gitlab.AddDeployKeyOptions{Title: s("go key"), Key: s("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl go@example.com"), CanPush: b(true)})
	step("add deploy key", err)
	_, _, err = admin.DeployKeys.ListProjectDeployKeys(atlas, &gitlab.ListProjectDeployKeysOptions{})
	step("deploy keys", err)
	if key != nil {
		_, _, err = admin.DeployKeys.GetDeployKey(atlas, key.ID)
		step("deploy key", err)
		_, _, err = admin.DeployKeys.UpdateDeployKey(atlas, key.ID, &gitlab.UpdateDeployKeyOptions{Title: s("go key 2"), CanPush: b(false)})
		step("update deploy key", err)
		_, _, err = admin.DeployKeys.EnableDeployKey(storefront, key.ID)
		step("enable deploy key", err)
		_, err = admin.DeployKeys.DeleteDeployKey(atlas, key.ID)
		step("delete deploy key", err)
	}

	// Project variables, labels, badges.
	_, _, err = maint.ProjectVariables.CreateVariable(storefront, &gitlab.CreateProjectVariableOptions{Key: s("GO_TOKEN"), Value: s("s3cr3t-value"), Masked: b(true), Protected: b(true), EnvironmentScope: s("*")})
	step("create variable", err)
	_, _, err = maint.ProjectVariables.ListVariables(storefront, &gitlab.ListProjectVariablesOptions{})
	step("variables", err)
	_, _, err = maint.ProjectVariables.GetVariable(storefront, "GO_TOKEN", nil)
	step("variable", err)
	_, _, err = maint.ProjectVariables.UpdateVariable(storefront, "GO_TOKEN", &gitlab.UpdateProjectVariableOptions{Value: s("an0ther-value"), VariableType: gitlab.VariableType(gitlab.EnvVariableType)})
	step("update variable", err)
	_, err = maint.ProjectVariables.RemoveVariable(storefront, "GO_TOKEN", nil)
	step("remove variable", err)
	_, _, err = dev.Labels.CreateLabel(storefront, &gitlab.CreateLabelOptions{Name: s("go-bug"), Color: s("#d9534f"), Description: s("from go"), Priority: i(2)})
	step("create label", err)
	_, _, err = dev.Labels.ListLabels(storefront, &gitlab.ListLabelsOptions{WithCounts: b(true), IncludeAncestorGroups: b(true)})
	step("labels", err)
	_, _, err = dev.Labels.GetLabel(storefront, "go-bug")
	step("label", err)
	_, _, err = dev.Labels.UpdateLabel(storefront, &gitlab.UpdateLabelOptions{Name: s("go-bug"), NewName: s("go-defect"), Color: s("red")})
	step("update label", err)
	_, err = dev.Labels.DeleteLabel(storefront, &gitlab.DeleteLabelOptions{Name: s("go-defect")})
	step("delete label", err)
	badge, _, err := maint.ProjectBadges.AddProjectBadge(storefront, &gitlab.AddProjectBadgeOptions{LinkURL: s("https://ci.example.com/%{project_path}"), ImageURL: s("https://ci.example.com/%{default_branch}.svg"), Name: s("go")})
	step("add badge", err)
	_, _, err = dev.ProjectBadges.ListProjectBadges(storefront, &gitlab.ListProjectBadgesOptions{})
	step("badges", err)
	_, _, err = maint.ProjectBadges.PreviewProjectBadge(storefront, &gitlab.ProjectBadgePreviewOptions{LinkURL: s("https://a/%{project_id}"), ImageURL: s("https://b/%{default_branch}")})
	step("preview badge", err)
	if badge != nil {
		_, _, err = dev.ProjectBadges.GetProjectBadge(storefront, badge.ID)
		step("badge", err)
		_, _, err = maint.ProjectBadges.EditProjectBadge(storefront, badge.ID, &gitlab.EditProjectBadgeOptions{Name: s("go2")})
		step("edit badge", err)
		_, err = maint.ProjectBadges.DeleteProjectBadge(storefront, badge.ID)
		step("delete badge", err)
	}

	// Noteables and notes.
	_, _, err = dev.Issues.ListProjectIssues(storefront, &gitlab.ListProjectIssuesOptions{})
	step("issues", err)
	_, _, err = dev.MergeRequests.ListProjectMergeRequests(storefront, &gitlab.ListProjectMergeRequestsOptions{})
	step("merge requests", err)
	_, _, err = dev.ProjectSnippets.ListSnippets(storefront, &gitlab.ListProjectSnippetsOptions{})
	step("snippets", err)
	epics, _, err := dev.Epics.ListGroupEpics("acme", &gitlab.ListGroupEpicsOptions{})
	step("epics", err)
	// Epic notes are addressed by the epic's ID, not its IID.
	epic := epics[0].ID
	note, _, err := dev.Notes.CreateIssueNote(storefront, 1, &gitlab.CreateIssueNoteOptions{Body: s("from go")})
	step("create issue note", err)
	_, _, err = dev.Notes.ListIssueNotes(storefront, 1, &gitlab.ListIssueNotesOptions{OrderBy: s("created_at"), Sort: s("asc")})
	step("issue notes", err)
	if note != nil {
		_, _, err = dev.Notes.GetIssueNote(storefront, 1, note.ID)
		step("issue note", err)
		_, _, err = dev.Notes.UpdateIssueNote(storefront, 1, note.ID, &gitlab.UpdateIssueNoteOptions{Body: s("edited from go")})
		step("update issue note", err)
		_, err = dev.Notes.DeleteIssueNote(storefront, 1, note.ID)
		step("delete issue note", err)
	}
	mrNote, _, err := dev.Notes.CreateMergeRequestNote(storefront, 1, &gitlab.CreateMergeRequestNoteOptions{Body: s("mr from go")})
	step("create mr note", err)
	_, _, err = dev.Notes.ListMergeRequestNotes(storefront, 1, &gitlab.ListMergeRequestNotesOptions{})
	step("mr notes", err)
	if mrNote != nil {
		_, _, err = dev.Notes.GetMergeRequestNote(storefront, 1, mrNote.ID)
		step("mr note", err)
		_, _, err = dev.Notes.UpdateMergeRequestNote(storefront, 1, mrNote.ID, &gitlab.UpdateMergeRequestNoteOptions{Body: s("mr edited")})
		step("update mr note", err)
		_, err = dev.Notes.DeleteMergeRequestNote(storefront, 1, mrNote.ID)
		step("delete mr note", err)
	}
	snNote, _, err := dev.Notes.CreateSnippetNote(storefront, 1, &gitlab.CreateSnippetNoteOptions{Body: s("snippet from go")})
	step("create snippet note", err)
	_, _, err = dev.Notes.ListSnippetNotes(storefront, 1, &gitlab.ListSnippetNotesOptions{})
	step("snippet notes", err)
	if snNote != nil {
		_, _, err = dev.Notes.GetSnippetNote(storefront, 1, snNote.ID)
		step("snippet note", err)
		_, _, err = dev.Notes.UpdateSnippetNote(storefront, 1, snNote.ID, &gitlab.UpdateSnippetNoteOptions{Body: s("snippet edited")})
		step("update snippet note", err)
		_, err = dev.Notes.DeleteSnippetNote(storefront, 1, snNote.ID)
		step("delete snippet note", err)
	}
	epNote, _, err := dev.Notes.CreateEpicNote("acme", epic, &gitlab.CreateEpicNoteOptions{Body: s("epic from go")})
	step("create epic note", err)
	_, _, err = dev.Notes.ListEpicNotes("acme", epic, &gitlab.ListEpicNotesOptions{})
	step("epic notes", err)
	if epNote != nil {
		_, _, err = dev.Notes.GetEpicNote("acme", epic, epNote.ID)
		step("epic note", err)
		_, _, err = dev.Notes.UpdateEpicNote("acme", epic, epNote.ID, &gitlab.UpdateEpicNoteOptions{Body: s("epic edited")})
		step("update epic note", err)
		_, err = dev.Notes.DeleteEpicNote("acme", epic, epNote.ID)
		step("delete epic note", err)
	}

	// Approval rules and settings.
	rule, _, err := maint.Projects.CreateProjectApprovalRule(storefront, &gitlab.CreateProjectLevelRuleOptions{Name: s("go reviewers"), ApprovalsRequired: i(1), UserIDs: &[]int{dana}})
	step("create approval rule", err)
	_, _, err = maint.Projects.GetProjectApprovalRules(storefront)
	step("approval rules", err)
	if rule != nil {
		_, _, err = maint.Projects.GetProjectApprovalRule(storefront, rule.ID)
		step("approval rule", err)
		_, _, err = maint.Projects.UpdateProjectApprovalRule(storefront, rule.ID, &gitlab.UpdateProjectLevelRuleOptions{ApprovalsRequired: i(2)})
		step("update approval rule", err)
		_, err = maint.Projects.DeleteProjectApprovalRule(storefront, rule.ID)
		step("delete approval rule", err)
	}
	raw(maint, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/merge_request_approval_setting", nil)
	raw(maint, http.MethodPut, "projects/acme%2Fweb%2Fstorefront/merge_request_approval_setting", map[string]interface{}{"allow_author_approval": true})
	raw(owner, http.MethodGet, "groups/acme/merge_request_approval_setting", nil)
	raw(owner, http.MethodPut, "groups/acme/merge_request_approval_setting", map[string]interface{}{"require_password_to_approve": true})

	// Groups.
	_, _, err = dev.Groups.ListGroups(&gitlab.ListGroupsOptions{Search: s("acme"), AllAvailable: b(true)})
	step("groups", err)
	group, _, err := admin.Groups.CreateGroup(&gitlab.CreateGroupOptions{Name: s("Go Team"), Path: s("go-team"), ParentID: i(platform.ID), Visibility: gitlab.Visibility(gitlab.PrivateVisibility), Description: s("go")})
	step("create group", err)
	_, _, err = admin.Groups.UpdateGroup(group.ID, &gitlab.UpdateGroupOptions{Description: s("edited"), RequestAccessEnabled: b(false)})
	step("update group", err)
	_, _, err = dev.Groups.ListSubGroups("acme", &gitlab.ListSubGroupsOptions{})
	step("subgroups", err)
	_, _, err = dev.Groups.ListDescendantGroups("acme", &gitlab.ListDescendantGroupsOptions{})
	step("descendants", err)
	_, _, err = dev.Groups.ListGroupProjects("acme", &gitlab.ListGroupProjectsOptions{IncludeSubGroups: b(true), Simple: b(true)})
	step("group projects", err)
	raw(dev, http.MethodGet, "groups/acme/projects/shared", nil)
	_, _, err = admin.Groups.TransferGroup(group.ID, id)
	step("transfer project into group", err)
	_, _, err = owner.Groups.ListProvisionedUsers("acme", &gitlab.ListProvisionedUsersOptions{})
	step("provisioned users", err)
	_, _, err = dev.Groups.DownloadAvatar("acme")
	step("avatar", err)
	ghook, _, err := owner.Groups.AddGroupHook("acme", &gitlab.AddGroupHookOptions{URL: s("https://ci.example.com/g"), SubGroupEvents: b(true)})
	step("add group hook", err)
	_, _, err = owner.Groups.ListGroupHooks("acme", &gitlab.ListGroupHooksOptions{})
	step("group hooks", err)
	if ghook != nil {
		_, _, err = owner.Groups.GetGroupHook("acme", ghook.ID)
		step("group hook", err)
		_, _, err = owner.Groups.EditGroupHook("acme", ghook.ID, &gitlab.EditGroupHookOptions{URL: s("https://ci.example.com/g2")})
		step("edit group hook", err)
		_, err = owner.Groups.DeleteGroupHook("acme", ghook.ID)
		step("delete group hook", err)
	}
	_, _, err = owner.Groups.AddGroupPushRule("acme", &gitlab.AddGroupPushRuleOptions{DenyDeleteTag: b(true)})
	step("add group push rule", err)
	_, _, err = owner.Groups.GetGroupPushRules("acme")
	step("group push rule", err)
	_, _, err = owner.Groups.EditGroupPushRule("acme", &gitlab.EditGroupPushRuleOptions{MemberCheck: b(true)})
	step("edit group push rule", err)
	_, err = owner.Groups.DeleteGroupPushRule("acme")
	step("delete group push rule", err)
	_, _, err = admin.Groups.ShareGroupWithGroup(group.ID, &gitlab.ShareGroupWithGroupOptions{GroupID: i(web.ID), GroupAccess: gitlab.AccessLevel(gitlab.ReporterPermissions)})
	step("share group", err)
	_, err = admin.Groups.UnshareGroupFromGroup(group.ID, web.ID)
	step("unshare group", err)
	_, _, err = owner.GroupMembers.AddGroupMember("acme/web", &gitlab.AddGroupMemberOptions{UserID: i(dana), AccessLevel: gitlab.AccessLevel(gitlab.MaintainerPermissions)})
	step("add group member", err)
	_, _, err = dev.Groups.ListGroupMembers("acme/web", &gitlab.ListGroupMembersOptions{})
	step("group members", err)
	_, _, err = dev.Groups.ListAllGroupMembers("acme/web", &gitlab.ListGroupMembersOptions{})
	step("all group members", err)
	_, _, err = dev.GroupMembers.GetGroupMember("acme/web", dana)
	step("group member", err)
	raw(dev, http.MethodGet, fmt.Sprintf("groups/acme%%2Fweb/members/all/%d", dana), nil)
	_, _, err = owner.GroupMembers.EditGroupMember("acme/web", dana, &gitlab.EditGroupMemberOptions{AccessLevel: gitlab.AccessLevel(gitlab.DeveloperPermissions)})
	step("edit group member", err)
	_, err = owner.GroupMembers.RemoveGroupMember("acme/web", dana, &gitlab.RemoveGroupMemberOptions{})
	step("remove group member", err)
	_, _, err = owner.Groups.AddGroupLDAPLink("acme", &gitlab.AddGroupLDAPLinkOptions{CN: s("go-devs"), GroupAccess: gitlab.AccessLevel(gitlab.DeveloperPermissions), Provider: s("ldapmain")})
	step("add ldap link", err)
	_, _, err = owner.Groups.ListGroupLDAPLinks("acme")
	step("ldap links", err)
	raw(owner, http.MethodPost, "groups/acme/ldap_sync", nil)
	_, err = owner.Groups.DeleteGroupLDAPLinkForProvider("acme", "ldapmain", "go-devs")
	step("delete ldap link for provider", err)
	_, _, err = owner.Groups.AddGroupLDAPLink("acme", &gitlab.AddGroupLDAPLinkOptions{CN: s("go-ops"), GroupAccess: gitlab.AccessLevel(gitlab.ReporterPermissions), Provider: s("ldapmain")})
	step("add ldap link", err)
	_, err = owner.Groups.DeleteGroupLDAPLink("acme", "go-ops")
	step("delete ldap link", err)
	_, _, err = owner.Groups.AddGroupLDAPLink("acme", &gitlab.AddGroupLDAPLinkOptions{Filter: s("(ou=go)"), GroupAccess: gitlab.AccessLevel(gitlab.ReporterPermissions), Provider: s("ldapmain")})
	step("add ldap filter link", err)
	_, err = owner.Groups.DeleteGroupLDAPLinkWithCNOrFilter("acme", &gitlab.DeleteGroupLDAPLinkWithCNOrFilterOptions{Filter: s("(ou=go)"), Provider: s("ldapmain")})
	step("delete ldap filter link", err)
	_, _, err = owner.GroupVariables.CreateVariable("acme", &gitlab.CreateGroupVariableOptions{Key: s("GO_GROUP"), Value: s("group-value-1"), Protected: b(false)})
	step("create group variable", err)
	_, _, err = owner.GroupVariables.ListVariables("acme", &gitlab.ListGroupVariablesOptions{})
	step("group variables", err)
	_, _, err = owner.GroupVariables.GetVariable("acme", "GO_GROUP")
	step("group variable", err)
	_, _, err = owner.GroupVariables.UpdateVariable("acme", "GO_GROUP", &gitlab.UpdateGroupVariableOptions{Value: s("group-value-2")})
	step("update group variable", err)
	_, err = owner.GroupVariables.RemoveVariable("acme", "GO_GROUP")
	step("remove group variable", err)
	_, _, err = owner.GroupLabels.CreateGroupLabel("acme", &gitlab.CreateGroupLabelOptions{Name: s("go-group"), Color: s("#428BCA")})
	step("create group label", err)
	_, _, err = dev.GroupLabels.ListGroupLabels("acme", &gitlab.ListGroupLabelsOptions{})
	step("group labels", err)
	_, _, err = dev.GroupLabels.GetGroupLabel("acme", "go-group")
	step("group label", err)
	_, _, err = owner.GroupLabels.UpdateGroupLabel("acme", &gitlab.UpdateGroupLabelOptions{Name: s("go-group"), Description: s("from go")})
	step("update group label", err)
	_, err = owner.GroupLabels.DeleteGroupLabel("acme", &gitlab.DeleteGroupLabelOptions{Name: s("go-group")})
	step("delete group label", err)
	gbadge, _, err := owner.GroupBadges.AddGroupBadge("acme", &gitlab.AddGroupBadgeOptions{LinkURL: s("https://g.example.com/%{project_path}"), ImageURL: s("https://g.example.com/b.svg")})
	step("add group badge", err)
	_, _, err = dev.GroupBadges.ListGroupBadges("acme", &gitlab.ListGroupBadgesOptions{})
	step("group badges", err)
	_, _, err = owner.GroupBadges.PreviewGroupBadge("acme", &gitlab.GroupBadgePreviewOptions{LinkURL: s("https://a/%{project_path}"), ImageURL: s("https://b/x.svg")})
	step("preview group badge", err)
	if gbadge != nil {
		_, _, err = dev.GroupBadges.GetGroupBadge("acme", gbadge.ID)
		step("group badge", err)
		_, _, err = owner.GroupBadges.EditGroupBadge("acme", gbadge.ID, &gitlab.EditGroupBadgeOptions{ImageURL: s("https://g.example.com/c.svg")})
		step("edit group badge", err)
		_, err = owner.GroupBadges.DeleteGroupBadge("acme", gbadge.ID)
		step("delete group badge", err)
	}

	// A branch and a tag, which a schedule's short ref names.
	_, _, err = dev.Branches.CreateBranch(storefront, &gitlab.CreateBranchOptions{Branch: s("go-nightly"), Ref: s("main")})
	step("create branch", err)
	_, _, err = dev.Branches.GetBranch(storefront, "go-nightly")
	step("branch", err)
	_, _, err = maint.Tags.CreateTag(storefront, &gitlab.CreateTagOptions{TagName: s("go-v1"), Ref: s("main"), Message: s("Go release")})
	step("create tag", err)
	_, _, err = dev.Tags.GetTag(storefront, "go-v1")
	step("tag", err)

	// Pipeline schedules, the job token scope, push mirrors.
	sched, _, err := maint.PipelineSchedules.CreatePipelineSchedule(storefront, &gitlab.CreatePipelineScheduleOptions{Description: s("nightly"), Ref: s("main"), Cron: s("0 2 * * *"), CronTimezone: s("UTC"), Active: b(true)})
	step("create schedule", err)
	_, _, err = dev.PipelineSchedules.ListPipelineSchedules(storefront, &gitlab.ListPipelineSchedulesOptions{})
	step("schedules", err)
	if sched != nil {
		_, _, err = dev.PipelineSchedules.GetPipelineSchedule(storefront, sched.ID)
		step("schedule", err)
		_, _, err = maint.PipelineSchedules.EditPipelineSchedule(storefront, sched.ID, &gitlab.EditPipelineScheduleOptions{Cron: s("0 3 * * *")})
		step("edit schedule", err)
		_, _, err = admin.PipelineSchedules.TakeOwnershipOfPipelineSchedule(storefront, sched.ID)
		step("take ownership", err)
		_, err = admin.PipelineSchedules.RunPipelineSchedule(storefront, sched.ID)
		step("play schedule", err)
		_, _, err = admin.PipelineSchedules.CreatePipelineScheduleVariable(storefront, sched.ID, &gitlab.CreatePipelineScheduleVariableOptions{Key: s("GO_VAR"), Value: s("one")})
		step("schedule variable", err)
		_, _, err = admin.PipelineSchedules.EditPipelineScheduleVariable(storefront, sched.ID, "GO_VAR", &gitlab.EditPipelineScheduleVariableOptions{Value: s("two")})
		step("edit schedule variable", err)
		_, _, err = admin.PipelineSchedules.DeletePipelineScheduleVariable(storefront, sched.ID, "GO_VAR")
		step("delete schedule variable", err)
		_, err = admin.PipelineSchedules.DeletePipelineSchedule(storefront, sched.ID)
		step("delete schedule", err)
	}
	raw(maint, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/job_token_scope", nil)
	// go-gitlab sends a PATCH's options in the query, as its own PATCH methods do.
	raw(maint, http.MethodPatch, "projects/acme%2Fweb%2Fstorefront/job_token_scope", &struct {
		Enabled *bool `url:"enabled" json:"enabled"`
	}{Enabled: b(true)})
	// An allowlist's POST and DELETE take the project's numeric ID alone (GitLab's `requires :id, type: Integer`).
	scope := fmt.Sprintf("projects/%d/job_token_scope", sf.ID)
	raw(maint, http.MethodPost, scope+"/allowlist", map[string]interface{}{"target_project_id": created.ID})
	raw(maint, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/job_token_scope/allowlist", nil)
	raw(maint, http.MethodDelete, fmt.Sprintf("%s/allowlist/%d", scope, created.ID), nil)
	raw(maint, http.MethodPost, scope+"/groups_allowlist", map[string]interface{}{"target_group_id": web.ID})
	raw(maint, http.MethodGet, "projects/acme%2Fweb%2Fstorefront/job_token_scope/groups_allowlist", nil)
	raw(maint, http.MethodDelete, fmt.Sprintf("%s/groups_allowlist/%d", scope, web.ID), nil)
	mirror, _, err := maint.ProjectMirrors.AddProjectMirror(storefront, &gitlab.AddProjectMirrorOptions{URL: s("https://mirror.example.com/storefront.git"), Enabled: b(true), OnlyProtectedBranches: b(true)})
	step("add mirror", err)
	_, _, err = maint.ProjectMirrors.ListProjectMirror(storefront, &gitlab.ListProjectMirrorOptions{})
	step("mirrors", err)
	if mirror != nil {
		_, _, err = maint.ProjectMirrors.GetProjectMirror(storefront, mirror.ID)
		step("mirror", err)
		_, _, err = maint.ProjectMirrors.EditProjectMirror(storefront, mirror.ID, &gitlab.EditProjectMirrorOptions{KeepDivergentRefs: b(true)})
		step("edit mirror", err)
		raw(maint, http.MethodPost, fmt.Sprintf("projects/acme%%2Fweb%%2Fstorefront/remote_mirrors/%d/sync", mirror.ID), nil)
		_, err = maint.ProjectMirrors.DeleteProjectMirror(storefront, mirror.ID)
		step("delete mirror", err)
	}
	// A mirror that signs in by SSH key and its public key, which this go-gitlab has no methods for.
	keyMirror := &gitlab.ProjectMirror{}
	keyReq, err := maint.NewRequest(http.MethodPost, "projects/acme%2Fweb%2Fstorefront/remote_mirrors", map[string]interface{}{"url": "ssh://git@mirror.example.com/storefront.git", "auth_method": "ssh_public_key"}, nil)
	if err == nil {
		_, err = maint.Do(keyReq, keyMirror)
	}
	step("add key mirror", err)
	if err == nil {
		raw(maint, http.MethodGet, fmt.Sprintf("projects/acme%%2Fweb%%2Fstorefront/remote_mirrors/%d/public_key", keyMirror.ID), nil)
		raw(maint, http.MethodDelete, fmt.Sprintf("projects/acme%%2Fweb%%2Fstorefront/remote_mirrors/%d", keyMirror.ID), nil)
	}

	// Protected environments and integrations, which this go-gitlab has no methods for. A count of
	// approvals is an approval rule's: GitLab refuses required_approval_count above 0 as deprecated.
	for _, owner := range []struct {
		c    *gitlab.Client
		path string
	}{{maint, "projects/acme%2Fweb%2Fstorefront"}, {owner, "groups/acme"}} {
		env := "production"
		if strings.HasPrefix(owner.path, "groups") {
			env = "staging"
		}
		raw(owner.c, http.MethodPost, owner.path+"/protected_environments", map[string]interface{}{"name": env, "deploy_access_levels": []map[string]interface{}{{"access_level": 40}}})
		raw(owner.c, http.MethodGet, owner.path+"/protected_environments", nil)
		raw(owner.c, http.MethodGet, owner.path+"/protected_environments/"+env, nil)
		raw(owner.c, http.MethodPut, owner.path+"/protected_environments/"+env, map[string]interface{}{"approval_rules": []map[string]interface{}{{"access_level": 40, "required_approvals": 2}}})
		raw(owner.c, http.MethodDelete, owner.path+"/protected_environments/"+env, nil)
		raw(owner.c, http.MethodPut, owner.path+"/integrations/slack", map[string]interface{}{"webhook": "https://hooks.slack.com/services/T0/B0/go", "push_events": true})
		raw(owner.c, http.MethodGet, owner.path+"/integrations", nil)
		raw(owner.c, http.MethodGet, owner.path+"/integrations/slack", nil)
		raw(owner.c, http.MethodDelete, owner.path+"/integrations/slack", nil)
	}

	// A user's state, on the external user.
	xena, _, err := admin.Users.ListUsers(&gitlab.ListUsersOptions{Username: s("xena")})
	step("users", err)
	for _, change := range []func(int, ...gitlab.RequestOptionFunc) error{admin.Users.BlockUser, admin.Users.UnblockUser, admin.Users.DeactivateUser, admin.Users.ActivateUser, admin.Users.BanUser, admin.Users.UnbanUser} {
		step("user state", change(xena[0].ID))
	}

	// Moves and removals last.
	_, _, err = admin.Projects.TransferProject(id, &gitlab.TransferProjectOptions{Namespace: "globex"})
	step("transfer project", err)
	_, err = admin.Projects.DeleteProject(id)
	step("delete project", err)
	raw(admin, http.MethodPost, fmt.Sprintf("projects/%d/restore", id), nil)
	_, _, err = admin.Groups.TransferSubGroup(group.ID, &gitlab.TransferSubGroupOptions{GroupID: i(web.ID)})
	step("transfer group", err)
	_, err = admin.Groups.DeleteGroup(group.ID)
	step("delete group", err)
	_, _, err = admin.Groups.RestoreGroup(group.ID)
	step("restore group", err)
}
