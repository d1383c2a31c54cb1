import { describe, expect, it } from 'vitest';
import { moreVisible } from '../../src/params/visibility.js';
import { createSeededStore } from '../../src/sandbox/seed.js';

/**
 * The seeded world is one GitLab can reach: GitLab keeps nothing more visible than the group that
 * holds it (Project#visibility_level_allowed_by_group, Group#visibility_level_allowed_by_parent).
 */
describe('the sandbox seed', () => {
  it.each([10, 50, 200])('holds nothing more visible than the group that holds it (%i projects)', (count) => {
    const { store } = createSeededStore(count);
    const wrong: string[] = [];
    for (const group of store.groups.values()) {
      const parent = group.parent_id === null ? undefined : store.groups.get(group.parent_id);
      if (parent && moreVisible(group.visibility, parent.visibility))
        wrong.push(`group ${store.groupFullPath(group)} ${group.visibility} in ${parent.visibility} group`);
    }
    let inGroups = 0;
    for (const project of store.allProjects()) {
      const group = store.groups.get(project.namespace_id);
      if (!group) continue; // a personal namespace has no visibility of its own
      inGroups++;
      if (moreVisible(project.visibility, group.visibility))
        wrong.push(`project ${store.projectFullPath(project)} ${project.visibility} in ${group.visibility} group`);
    }
    expect(store.groups.size).toBeGreaterThan(1);
    expect(inGroups).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
