import { Migration } from '@mikro-orm/migrations';

/**
 * `moderation.lastAction` takes the spec's values (`warn`, `assist`, `spam`): rows written before
 * are mapped as the runtime now records them (docs/agents.md › Guardrails): a strike that only sent the
 * guardrail's message is `warn`; one that made the conversation spam or blocked the client, `spam`.
 */
export class Migration20261126230000_moderation_last_action extends Migration {

  override name = 'Migration20261126230000_moderation_last_action';

  override up(): void | Promise<void> {
    this.addSql(`update "messaging"."client" set "moderation" = jsonb_set("moderation", '{lastAction}', to_jsonb(case "moderation"->>'lastAction' when 'guardrail_message_sent' then 'warn' else 'spam' end)) where "moderation"->>'lastAction' in ('guardrail_message_sent', 'conversation_spam', 'client_blocked');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "messaging"."client" set "moderation" = jsonb_set("moderation", '{lastAction}', to_jsonb(case when "moderation"->>'lastAction' = 'warn' then 'guardrail_message_sent' when "moderation"->>'blockedReason' = 'guardrails_threshold_reached' then 'client_blocked' else 'conversation_spam' end)) where "moderation"->>'lastAction' in ('warn', 'spam');`);
  }

}
