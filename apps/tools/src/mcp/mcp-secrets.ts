import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';

/** An OAuth-authorized server's client registration, authorization under way and tokens. */
export interface McpOauthSecrets {
  /** What connect gave: a pre-registered client, a scope. */
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  authorizationServerUrl?: string;
  metadata?: Record<string, unknown>;
  resource?: string;
  clientInformation?: { client_id: string; client_secret?: string; [key: string]: unknown };
  redirectUri?: string;
  pending?: { codeVerifier: string };
  tokens?: { accessToken: string; refreshToken: string | null; expiresAt: number | null };
}

/** What a connect gave that reads never show: header values, the bearer token, OAuth secrets. */
export interface McpSecrets {
  headers: Record<string, string>;
  bearerToken: string | null;
  oauth?: McpOauthSecrets;
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
    if (!Object.keys(secrets.headers).length && !secrets.bearerToken && !secrets.oauth) return '';
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
