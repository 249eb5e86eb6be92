import { Module } from '@nestjs/common';
import { AgentRepository } from './agents/agent.repository';
import { AgentsController } from './agents/agents.controller';
import { SeedController } from './seed/seed.controller';

/** Agents: configuration, prompt history, guardrails, assist rules; the agent runtime arrives with chat. */
@Module({ controllers: [AgentsController, SeedController], providers: [AgentRepository] })
export class AgentsModule {}
