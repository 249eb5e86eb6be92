import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '@platica/errors';
import { GatewayConfigService } from '../config/gateway-config.service';
import { buildOpenApiDocument } from './openapi';

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

/** OpenAPI 3.1 at /docs: the document as JSON, and Swagger UI (served locally, no CDN) to read it. */
@Controller('docs')
export class DocsController {
  private document: Record<string, unknown> | null = null;

  constructor(private readonly config: GatewayConfigService) {}

  @Get('openapi.json')
  openapi(): Record<string, unknown> {
    const base = this.config.publicUrl;
    return (this.document ??= buildOpenApiDocument(base));
  }

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plática API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: '/docs/openapi.json', dom_id: '#ui', deepLinking: true });</script>
</body></html>`;
  }

  @Get('assets/:file')
  async asset(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const type = ASSETS[file];
    if (!type) throw DomainError.notFound('Asset', file);
    await reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(path.join(SWAGGER_UI_DIR, file)));
  }
}
