import { Migration } from '@mikro-orm/migrations';

/** An agent's `readNotes` (docs/agents.md › Private notes): off, so no agent reads a conversation's notes until it is turned on. */
export class Migration20261129140000_agent_read_notes extends Migration {
  override name = 'Migration20261129140000_agent_read_notes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents"."agent" add "read_notes" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."agent" drop column "read_notes";`);
  }
}
