import { Module } from '@nestjs/common';
import { TemplateRepository } from './template.repository';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

@Module({ controllers: [TemplatesController], providers: [TemplateRepository, TemplatesService], exports: [TemplateRepository] })
export class TemplatesModule {}
