import { defineEntity, p } from '@mikro-orm/core';
import type { AssignmentMode } from '@platica/contracts';

/**
 * How a workspace assigns the conversations whose agent asks for a person (docs/sending-messages.md
 * › Assignment): `round_robin` to the next of `available` after `lastAssignee`, or `none`. A
 * workspace without a row is `none` with nobody available.
 */
const AssignmentSettingSchema = defineEntity({
  name: 'AssignmentSetting',
  tableName: 'assignment_setting',
  properties: {
    workspaceId: p.text().primary(),
    mode: p.text().$type<AssignmentMode>(),
    /** The user ids of the people marked available, each by themselves. */
    available: p.json<string[]>(),
    /** Whom round-robin assigned last: the next assignment goes to the one after them. */
    lastAssignee: p.text().nullable(),
    updatedAt: p.datetime(),
  },
});
export class AssignmentSetting extends AssignmentSettingSchema.class {}
AssignmentSettingSchema.setClass(AssignmentSetting);
