import { defineEntity, p } from '@mikro-orm/core';
import type { WorkspaceRole } from '@platica/contracts';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

const WorkspaceMemberSchema = defineEntity({
  name: 'WorkspaceMember',
  tableName: 'workspace_member',
  properties: {
    workspace: () => p.manyToOne(Workspace).primary(),
    user: () => p.manyToOne(User).primary(),
    /** `admin` reaches everything, `agent` the inbox only (docs/authentication.md › Roles). */
    role: p.text().$type<WorkspaceRole>().default('agent'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class WorkspaceMember extends WorkspaceMemberSchema.class {}
WorkspaceMemberSchema.setClass(WorkspaceMember);
