import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';

/** What a connect gave that reads never show: header values and the bearer token. */
export interface McpSecrets {
  headers: Record<string, string>;
  bearerToken: string | null;
}

const NONE: McpSecrets = { headers: {}, bearerToken: null };

/**
 * Seals an MCP server's write-only values with PLATICA_ENCRYPTION_KEY (encrypted at rest). A
 * server with none stores an empty string, so servers without credentials work without a key.
 */
@Injectable()
export class McpSecretBox {
  private readonly box: SecretBox | null;

  constructor(config: ToolsConfigService) {
    const key = config.values.PLATICA_ENCRYPTION_KEY;
    this.box = key ? new SecretBox(key) : null;
  }

  seal(secrets: McpSecrets): string {
    if (!Object.keys(secrets.headers).length && !secrets.bearerToken) return '';
    return this.require().seal(JSON.stringify(secrets));
  }

  open(sealed: string): McpSecrets {
    if (!sealed) return NONE;
    return JSON.parse(this.require().open(sealed)) as McpSecrets;
  }

  private require(): SecretBox {
    if (!this.box) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.EncryptionKeyMissing,
        'MCP server headers and credentials cannot be stored or read: PLATICA_ENCRYPTION_KEY is not set',
        { variable: 'PLATICA_ENCRYPTION_KEY' },
      );
    }
    return this.box;
  }
}
