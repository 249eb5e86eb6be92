import { Module } from '@nestjs/common';

/** Chat threads with agents (POST /v1/chat): built by the agents-and-chat issue. */
@Module({})
export class ChatModule {}
