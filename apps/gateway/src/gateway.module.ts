import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Readiness, ServiceConfig } from '@platica/platform';
import { AdminController } from './admin/admin.controller';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { ConsoleBff } from './console/console-bff';
import { ConsoleSessions } from './console/console-sessions';
import { DocsController } from './docs/docs.controller';
import { EventStreamEndpoint } from './events/event-stream.endpoint';
import { HttpMetrics } from './metrics/http-metrics';
import { MediaEndpoint } from './media/media.endpoint';
import { WellKnownController } from './oauth/well-known.controller';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthClientRegistration } from './oauth/oauth-client-registration';
import { OAuthAuthorizationService } from './oauth/oauth-authorization.service';
import { OAuthGrantRepository } from './oauth/oauth-grant.repository';
import { OAuthTokenService } from './oauth/oauth-token.service';
import { CredentialRevocations } from './credentials/credential-revocations';
import { McpEndpoint } from './mcp/mcp-endpoint';
import { SeedService } from './admin/seed.service';
import { TokenMintingService } from './admin/token-minting.service';
import { WorkspaceSettingsService } from './admin/workspace-settings.service';
import { Authenticator } from './auth/authenticator';
import { GatewayConfigService } from './config/gateway-config.service';
import { HooksModule } from './hooks/meta-hooks';
import type { GatewayConfig } from './config/gateway.config';
import { ApiKeyRepository } from './identity/api-key.repository';
import { IdentityRepository } from './identity/identity.repository';
import { AccessTokenRepository } from './oauth/access-token.repository';
import { AuthFailureLimiter } from './rate-limit/auth-failure-limiter';
import { RateLimiter } from './rate-limit/rate-limiter';
import { RedisStore } from './redis/redis.store';
import { Idempotency } from './idempotency/idempotency';
import { IdempotencyRepository } from './idempotency/idempotency.repository';
import { RoutePipeline } from './routes/route-pipeline';
import { SpecErrorFilter } from './routes/spec-error.filter';
import { WorkspacesController } from './workspaces/workspaces.controller';
import { PresenceController } from './presence/presence.controller';
import { PresenceService } from './presence/presence.service';
import { InvitationsService } from './team/invitations.service';
import { InvitationPagesController } from './team/invitation-pages.controller';
import { TeamController } from './team/team.controller';
import { TeamRepository } from './team/team.repository';
import { TeamService } from './team/team.service';
import { WorkspacesService } from './workspaces/workspaces.service';

@Module({
  imports: [HooksModule],
  controllers: [
    AdminController,
    WorkspacesController,
    ApiKeysController,
    TeamController,
    PresenceController,
    DocsController,
    WellKnownController,
    OAuthController,
    InvitationPagesController,
  ],
  providers: [
    // runService validated the environment with gatewayConfigSchema.
    {
      provide: GatewayConfigService,
      useFactory: (config: ServiceConfig) => new GatewayConfigService(config.values as GatewayConfig),
      inject: [ServiceConfig],
    },
    {
      provide: RedisStore,
      useFactory: (config: GatewayConfigService, readiness: Readiness) => {
        const store = new RedisStore(config.values.REDIS_URL, config.values.PLATICA_REDIS_TIMEOUT_MS);
        // The gateway serves without Redis (docs/operations.md › When Redis is down): reported, still ready.
        readiness.register('redis', () => store.ping(), { required: false });
        return store;
      },
      inject: [GatewayConfigService, Readiness],
    },
    {
      provide: RateLimiter,
      useFactory: (store: RedisStore, config: GatewayConfigService) =>
        new RateLimiter(store, config.values.PLATICA_REDIS_PREFIX, config.values.PLATICA_RATE_LIMIT_WINDOW_SECONDS),
      inject: [RedisStore, GatewayConfigService],
    },
    {
      provide: AuthFailureLimiter,
      useFactory: (store: RedisStore, config: GatewayConfigService) =>
        new AuthFailureLimiter(store, config.values.PLATICA_REDIS_PREFIX, {
          limit: config.values.PLATICA_AUTH_FAILURE_LIMIT,
          windowSeconds: config.values.PLATICA_AUTH_FAILURE_WINDOW_SECONDS,
        }),
      inject: [RedisStore, GatewayConfigService],
    },
    IdentityRepository,
    AccessTokenRepository,
    TokenMintingService,
    WorkspaceSettingsService,
    WorkspacesService,
    ApiKeyRepository,
    ApiKeysService,
    TeamRepository,
    TeamService,
    InvitationsService,
    PresenceService,
    CredentialRevocations,
    Authenticator,
    OAuthGrantRepository,
    OAuthClientRegistration,
    OAuthAuthorizationService,
    OAuthTokenService,
    SeedService,
    IdempotencyRepository,
    Idempotency,
    RoutePipeline,
    McpEndpoint,
    EventStreamEndpoint,
    MediaEndpoint,
    ConsoleSessions,
    ConsoleBff,
    HttpMetrics,
    { provide: APP_FILTER, useClass: SpecErrorFilter },
  ],
})
export class GatewayModule {}
