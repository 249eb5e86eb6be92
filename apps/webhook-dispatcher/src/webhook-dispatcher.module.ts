import { Module } from '@nestjs/common';

/** Webhooks and their deliveries: built by the webhook delivery issue. */
@Module({})
export class WebhookDispatcherModule {}
