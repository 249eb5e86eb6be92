import { Migration20261121123337_initial } from './Migration20261121123337_initial';
import { Migration20261121131144_agents_and_prompts } from './Migration20261121131144_agents_and_prompts';
import { Migration20261123144405_subagent_connections } from './Migration20261123144405_subagent_connections';
import { Migration20261123145408_guardrail_allowed_terms } from './Migration20261123145408_guardrail_allowed_terms';
import { Migration20261123152754_subagent_delegations } from './Migration20261123152754_subagent_delegations';
import { Migration20261123174838_memory_and_turn_log } from './Migration20261123174838_memory_and_turn_log';
import { Migration20261127061354_evaluations } from './Migration20261127061354_evaluations';
import { Migration20261127133152_turn_log_model_calls } from './Migration20261127133152_turn_log_model_calls';
import { Migration20261129140000_agent_read_notes } from './Migration20261129140000_agent_read_notes';
import { Migration20261129150000_model_call_slots } from './Migration20261129150000_model_call_slots';
import { Migration20261129160000_deferred_turns } from './Migration20261129160000_deferred_turns';
import { Migration20261129170000_knowledge_from_people } from './Migration20261129170000_knowledge_from_people';
import { Migration20261130070000_model_connections } from './Migration20261130070000_model_connections';
import { Migration20261130080000_model_call_records } from './Migration20261130080000_model_call_records';
import { Migration20261130100000_deferred_turns_started } from './Migration20261130100000_deferred_turns_started';
import { Migration20261130100000_knowledge_answers } from './Migration20261130100000_knowledge_answers';
import { Migration20261130110000_awaited_model_calls } from './Migration20261130110000_awaited_model_calls';

/** The committed migrations of agents, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const agentsMigrations = [
  Migration20261121123337_initial,
  Migration20261121131144_agents_and_prompts,
  Migration20261123144405_subagent_connections,
  Migration20261123145408_guardrail_allowed_terms,
  Migration20261123152754_subagent_delegations,
  Migration20261123174838_memory_and_turn_log,
  Migration20261127061354_evaluations,
  Migration20261127133152_turn_log_model_calls,
  Migration20261129140000_agent_read_notes,
  Migration20261129150000_model_call_slots,
  Migration20261129160000_deferred_turns,
  Migration20261129170000_knowledge_from_people,
  Migration20261130070000_model_connections,
  Migration20261130080000_model_call_records,
  Migration20261130100000_deferred_turns_started,
  Migration20261130100000_knowledge_answers,
  Migration20261130110000_awaited_model_calls,
];
