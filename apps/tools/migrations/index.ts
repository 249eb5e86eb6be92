import { Migration20261121123338_initial } from './Migration20261121123338_initial';
import { Migration20261123114102_custom_apis_and_catalog } from './Migration20261123114102_custom_apis_and_catalog';
import { Migration20261123144701_mcp_servers } from './Migration20261123144701_mcp_servers';
import { Migration20261123150835_mcp_oauth } from './Migration20261123150835_mcp_oauth';
import { Migration20261126230358_mcp_call_limits } from './Migration20261126230358_mcp_call_limits';
import { Migration20261129034544_integrations } from './Migration20261129034544_integrations';
import { Migration20261129064618_knowledge } from './Migration20261129064618_knowledge';
import { Migration20261129070813_knowledge_proposals } from './Migration20261129070813_knowledge_proposals';
import { Migration20261129101502_knowledge_vector_bytes } from './Migration20261129101502_knowledge_vector_bytes';

/** The committed migrations of tools, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const toolsMigrations = [
  Migration20261121123338_initial,
  Migration20261123114102_custom_apis_and_catalog,
  Migration20261123144701_mcp_servers,
  Migration20261123150835_mcp_oauth,
  Migration20261126230358_mcp_call_limits,
  Migration20261129034544_integrations,
  Migration20261129064618_knowledge,
  Migration20261129070813_knowledge_proposals,
  Migration20261129101502_knowledge_vector_bytes,
];
