import '@picocss/pico/css/pico.min.css';
import './design.css';
import './shell.css';
import './styles.css';
import './keyboard.css';
import './reading.css';
import './notes.css';
import './knowledge.css';
import './models.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { initI18n } from './i18n/i18n';
import { AgentPage } from './pages/agent-page';
import { AgentsPage } from './pages/agents-page';
import { ClientPage, ClientsPage } from './pages/client-page';
import { ApiKeysPage } from './pages/api-keys-page';
import { ConversationPage } from './pages/conversation-page';
import { EvaluationPage } from './pages/evaluations/evaluation-page';
import { EvaluationsPage } from './pages/evaluations/evaluations-page';
import { InboxPage, NoConversationOpen } from './pages/inbox-page';
import { Layout, WorkspaceHome } from './pages/layout';
import { ScheduledPage } from './pages/scheduled-page';
import { SignInPage } from './pages/sign-in-page';
import { AgentToolsPage } from './pages/tools/agent-tools-page';
import { CustomApiPage } from './pages/tools/custom-api-page';
import { McpServerPage } from './pages/tools/mcp-server-page';
import { McpServersPage } from './pages/tools/mcp-servers-page';
import { ModelsPage } from './pages/models/models-page';
import { ToolsPage } from './pages/tools/tools-page';
import { UsagePage } from './pages/usage-page';
import { CampaignPage } from './pages/campaigns/campaign-page';
import { CampaignsPage } from './pages/campaigns/campaigns-page';
import { SubagentsPage } from './pages/agent/subagents-page';
import { TeamPage } from './pages/team/team-page';
import { WebhookPage } from './pages/webhooks/webhook-page';
import { WebhooksPage } from './pages/webhooks/webhooks-page';
import { CannedRepliesPage } from './pages/canned-replies-page';
import { KnowledgeProposalsPage } from './pages/knowledge-proposals-page';
import { KnowledgeBasePage } from './pages/knowledge/knowledge-base-page';
import { KnowledgeBasesPage } from './pages/knowledge/knowledge-bases-page';
import { InstallationPage } from './pages/integrations/installation-page';
import { IntegrationsPage } from './pages/integrations/integrations-page';

initI18n();
// A 4xx is an answer, not a hiccup: retried only for the network and the gateway's 5xx, twice, and
// its 429 four times (the session's requests a second are bounded; the shell's counts add to each
// page's, and a moment later there is room again: react-query waits 1, 2, 4, then 8 s).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => {
        const status = 'status' in error ? Number(error.status) : undefined;
        if (status === 429) return count < 4;
        return count < 2 && !(status !== undefined && status < 500);
      },
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/console">
        <Routes>
          <Route path="signin" element={<SignInPage />} />
          <Route element={<Layout />}>
            <Route index element={<WorkspaceHome />} />
            <Route element={<InboxPage />}>
              <Route path="w/:workspaceId/inbox" element={<NoConversationOpen />} />
              <Route path="w/:workspaceId/conversations/:conversationId" element={<ConversationPage />} />
            </Route>
            <Route path="w/:workspaceId/agents" element={<AgentsPage />} />
            <Route path="w/:workspaceId/agents/:agentId" element={<AgentPage />} />
            <Route path="w/:workspaceId/agents/:agentId/subagents" element={<SubagentsPage />} />
            <Route path="w/:workspaceId/scheduled" element={<ScheduledPage />} />
            <Route path="w/:workspaceId/clients" element={<ClientsPage />} />
            <Route path="w/:workspaceId/canned-replies" element={<CannedRepliesPage />} />
            <Route path="w/:workspaceId/knowledge/proposals" element={<KnowledgeProposalsPage />} />
            <Route path="w/:workspaceId/knowledge/bases" element={<KnowledgeBasesPage />} />
            <Route path="w/:workspaceId/knowledge/bases/:baseId" element={<KnowledgeBasePage />} />
            <Route path="w/:workspaceId/clients/:clientId" element={<ClientPage />} />
            <Route path="w/:workspaceId/usage" element={<UsagePage />} />
            <Route path="w/:workspaceId/webhooks" element={<WebhooksPage />} />
            <Route path="w/:workspaceId/campaigns" element={<CampaignsPage />} />
            <Route path="w/:workspaceId/campaigns/:campaignId" element={<CampaignPage />} />
            <Route path="w/:workspaceId/webhooks/:webhookId" element={<WebhookPage />} />
            <Route path="w/:workspaceId/api-keys" element={<ApiKeysPage />} />
            <Route path="w/:workspaceId/team" element={<TeamPage />} />
            <Route path="w/:workspaceId/agents/:agentId/evaluations" element={<EvaluationsPage />} />
            <Route path="w/:workspaceId/agents/:agentId/evaluations/:evaluationId" element={<EvaluationPage />} />
            <Route path="w/:workspaceId/tools" element={<ToolsPage />} />
            <Route path="w/:workspaceId/tools/apis/:integrationId" element={<CustomApiPage />} />
            <Route path="w/:workspaceId/tools/mcp" element={<McpServersPage />} />
            <Route path="w/:workspaceId/tools/mcp/:mcpId" element={<McpServerPage />} />
            <Route path="w/:workspaceId/agents/:agentId/tools" element={<AgentToolsPage />} />
            <Route path="w/:workspaceId/models" element={<ModelsPage />} />
            <Route path="w/:workspaceId/integrations" element={<IntegrationsPage />} />
            <Route path="w/:workspaceId/integrations/:installationId" element={<InstallationPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
