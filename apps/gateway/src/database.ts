import type { DatabaseDefinition } from '@platica/platform';
import { sourcePath } from '@platica/platform';
import { IdempotencyKey } from './idempotency/idempotency-key.entity';
import { ApiKey } from './identity/api-key.entity';
import { User } from './identity/user.entity';
import { WorkspaceMember } from './identity/workspace-member.entity';
import { Workspace } from './identity/workspace.entity';
import { AccessToken } from './oauth/access-token.entity';
import { AuthorizationCode } from './oauth/authorization-code.entity';
import { OAuthClient } from './oauth/oauth-client.entity';
import { RefreshToken } from './oauth/refresh-token.entity';
import { Invitation } from './team/invitation.entity';
import { gatewayMigrations } from '../migrations';

export const gatewayDatabase: DatabaseDefinition = {
  schema: 'gateway',
  entities: [
    Workspace,
    User,
    WorkspaceMember,
    ApiKey,
    AccessToken,
    OAuthClient,
    AuthorizationCode,
    RefreshToken,
    IdempotencyKey,
    Invitation,
  ],
  migrations: gatewayMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/gateway/migrations'),
};
