import { Migration } from '@mikro-orm/migrations';

/**
 * Answers from knowledge (docs/knowledge.md › Agents): an agent's `answerOnlyFromKnowledge`
 * (off, so no agent changes how it answers until it is turned on) and `unknownAnswerMessage`
 * (empty: the default sentence); the turn log's `knowledge`, the passages a reply retrieved and cited.
 */
export class Migration20261130100000_knowledge_answers extends Migration {
  override name = 'Migration20261130100000_knowledge_answers';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "agents"."agent" add "answer_only_from_knowledge" boolean not null default false, add "unknown_answer_message" text not null default '';`,
    );
    this.addSql(`alter table "agents"."turn_log" add "knowledge" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."agent" drop column "answer_only_from_knowledge", drop column "unknown_answer_message";`);
    this.addSql(`alter table "agents"."turn_log" drop column "knowledge";`);
  }
}
