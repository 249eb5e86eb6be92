import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { ClientsModule } from '../clients/clients.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { TemplatesModule } from '../templates/templates.module';
import { SeedService } from './seed.service';

/** Messaging's sections of the seed document (channels, custom fields, templates, clients). */
@Module({
  imports: [ChannelsModule, CustomFieldsModule, TemplatesModule, ClientsModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
