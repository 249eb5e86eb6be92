import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

const WorkspaceMemberSchema = defineEntity({
  name: 'WorkspaceMember',
  tableName: 'workspace_member',
  properties: {
    workspace: () => p.manyToOne(Workspace).primary(),
    user: () => p.manyToOne(User).primary(),
    role: p.text().default('member'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class WorkspaceMember extends WorkspaceMemberSchema.class {}
WorkspaceMemberSchema.setClass(WorkspaceMember);
