import { Module } from '@nestjs/common';

/** The tool catalog, MCP servers and custom HTTP APIs: built by the tools issues. */
@Module({})
export class ToolsModule {}
