import { Migration20261121123334_initial } from './Migration20261121123334_initial';
import { Migration20261121124522_oauth_access_tokens } from './Migration20261121124522_oauth_access_tokens';
import { Migration20261123113629_oauth_authorization_server } from './Migration20261123113629_oauth_authorization_server';
import { Migration20261126230000_oauth_client_authorized_at } from './Migration20261126230000_oauth_client_authorized_at';
import { Migration20261127062934_api_key_management_and_roles } from './Migration20261127062934_api_key_management_and_roles';
import { Migration20261128084123_api_key_created_by_key } from './Migration20261128084123_api_key_created_by_key';
import { Migration20261129090000_workspace_credit_limit } from './Migration20261129090000_workspace_credit_limit';
import { Migration20261129120000_idempotency_keys } from './Migration20261129120000_idempotency_keys';
import { Migration20261129130000_team_invitations } from './Migration20261129130000_team_invitations';

/** The gateway's committed migrations, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const gatewayMigrations = [
  Migration20261121123334_initial,
  Migration20261121124522_oauth_access_tokens,
  Migration20261123113629_oauth_authorization_server,
  Migration20261126230000_oauth_client_authorized_at,
  Migration20261127062934_api_key_management_and_roles,
  Migration20261128084123_api_key_created_by_key,
  Migration20261129090000_workspace_credit_limit,
  Migration20261129120000_idempotency_keys,
  Migration20261129130000_team_invitations,
];
