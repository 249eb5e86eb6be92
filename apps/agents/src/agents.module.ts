import { Module } from '@nestjs/common';
import { SeedController } from './seed/seed.controller';

/** Agents, prompts, guardrails and the agent runtime: built by the agents-and-chat issue. */
@Module({ controllers: [SeedController] })
export class AgentsModule {}
