import { Injectable } from '@nestjs/common';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { SecretBox } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';

/** An installation's OAuth state: the authorization under way and the tokens. */
export interface IntegrationOauthSecrets {
  pending?: { codeVerifier: string; redirectUri: string };
  tokens?: { accessToken: string; refreshToken: string | null; expiresAt: number | null };
}

/** What an installation holds that reads never show. */
export interface IntegrationSecrets {
  apiKey?: string;
  oauth?: IntegrationOauthSecrets;
}

/** Seals an installation's credentials with PLATICA_ENCRYPTION_KEY (encrypted at rest); none is an empty string. */
@Injectable()
export class IntegrationSecretBox {
  private readonly box: SecretBox | null;

  constructor(config: ToolsConfigService) {
    const key = config.values.PLATICA_ENCRYPTION_KEY;
    this.box = key ? new SecretBox(key) : null;
  }

  seal(secrets: IntegrationSecrets): string {
    if (!secrets.apiKey && !secrets.oauth) return '';
    return this.require().seal(JSON.stringify(secrets));
  }

  open(sealed: string): IntegrationSecrets {
    return sealed ? (JSON.parse(this.require().open(sealed)) as IntegrationSecrets) : {};
  }

  private require(): SecretBox {
    if (!this.box) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.EncryptionKeyMissing,
        'Integration credentials cannot be stored or read: PLATICA_ENCRYPTION_KEY is not set',
        { variable: 'PLATICA_ENCRYPTION_KEY' },
      );
    }
    return this.box;
  }
}
