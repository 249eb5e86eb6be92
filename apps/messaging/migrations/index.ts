import { Migration20261121123335_initial } from './Migration20261121123335_initial';
import { Migration20261121125336_messaging_core } from './Migration20261121125336_messaging_core';
import { Migration20261121133836_scheduled_messages } from './Migration20261121133836_scheduled_messages';
import { Migration20261123114826_inbound_rejection } from './Migration20261123114826_inbound_rejection';
import { Migration20261123120000_scheduled_dispatch } from './Migration20261123120000_scheduled_dispatch';
import { Migration20261123144526_usage_aggregates } from './Migration20261123144526_usage_aggregates';
import { Migration20261123150000_campaign_sends } from './Migration20261123150000_campaign_sends';
import { Migration20261123190000_scheduled_claim_indexes } from './Migration20261123190000_scheduled_claim_indexes';
import { Migration20261125225318_usage_message_shards } from './Migration20261125225318_usage_message_shards';
import { Migration20261126230000_moderation_last_action } from './Migration20261126230000_moderation_last_action';
import { Migration20261127063000_campaign_attempt_owner } from './Migration20261127063000_campaign_attempt_owner';
import { Migration20261127065044_conversation_operation_changed_by } from './Migration20261127065044_conversation_operation_changed_by';
import { Migration20261128120000_conversation_expiry_index } from './Migration20261128120000_conversation_expiry_index';
import { Migration20261128120000_evaluation_usage } from './Migration20261128120000_evaluation_usage';
import { Migration20261129090000_credit_limit_reached } from './Migration20261129090000_credit_limit_reached';
import { Migration20261129120000_assignment } from './Migration20261129120000_assignment';
import { Migration20261129100000_search_indexes } from './Migration20261129100000_search_indexes';
import { Migration20261129130000_row_signals } from './Migration20261129130000_row_signals';
import { Migration20261129140000_notes_canned_replies } from './Migration20261129140000_notes_canned_replies';
import { Migration20261129150000_conversation_search } from './Migration20261129150000_conversation_search';
import { Migration20261129170000_unconfirmed_sends } from './Migration20261129170000_unconfirmed_sends';

/** Messaging's committed migrations, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const messagingMigrations = [
  Migration20261121123335_initial,
  Migration20261121125336_messaging_core,
  Migration20261121133836_scheduled_messages,
  Migration20261123114826_inbound_rejection,
  Migration20261123120000_scheduled_dispatch,
  Migration20261123144526_usage_aggregates,
  Migration20261123150000_campaign_sends,
  Migration20261123190000_scheduled_claim_indexes,
  Migration20261125225318_usage_message_shards,
  Migration20261126230000_moderation_last_action,
  Migration20261127063000_campaign_attempt_owner,
  Migration20261127065044_conversation_operation_changed_by,
  Migration20261128120000_conversation_expiry_index,
  Migration20261128120000_evaluation_usage,
  Migration20261129090000_credit_limit_reached,
  Migration20261129100000_search_indexes,
  Migration20261129120000_assignment,
  Migration20261129130000_row_signals,
  Migration20261129140000_notes_canned_replies,
  Migration20261129150000_conversation_search,
  Migration20261129170000_unconfirmed_sends,
];
