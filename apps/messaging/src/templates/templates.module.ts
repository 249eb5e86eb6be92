import { Module } from '@nestjs/common';
import { TemplateRepository } from './template.repository';
import { TemplatesController } from './templates.controller';

@Module({ controllers: [TemplatesController], providers: [TemplateRepository], exports: [TemplateRepository] })
export class TemplatesModule {}
