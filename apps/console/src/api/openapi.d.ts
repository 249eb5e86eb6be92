// Generated from the gateway's OpenAPI document by apps/console/generate-api-types.mjs (tools/build.mjs). Do not edit.
// Over 400 lines: one generated declaration of every public operation, rewritten whole by each build.
export interface paths {
    "/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspaces the credential can use */
        get: operations["workspaces_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (never their values), revoked ones included, grouped by workspace */
        get: operations["api_keys_list"];
        put?: never;
        /** Create an API key; its value is in this answer only */
        post: operations["api_keys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: it answers 401 from the next request, on every replica */
        delete: operations["api_keys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a live API key a new value (shown once); the old value answers 401 at once. A revoked or expired key, or one rotated concurrently, is 409 */
        post: operations["api_keys_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's members (email, name, role) and its pending invitations */
        get: operations["team_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a colleague with a role; the answer holds the one-time invitation link, shown once
         * @description The colleague opens `invitationUrl`, sets a password (or, with an account already, gives theirs) and joins with the role. A person already in the workspace is 409. A second invitation to the same email replaces the first.
         */
        post: operations["team_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending invitation: its link stops working */
        delete: operations["team_invitations_cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member: their console sessions, OAuth tokens and the API keys they created end at once, on every replica. The last admin cannot be removed (409) */
        delete: operations["team_members_remove"];
        options?: never;
        head?: never;
        /** Change a member's role; it applies from their next request. The last admin cannot be demoted (409) */
        patch: operations["team_members_update"];
        trace?: never;
    };
    "/v1/conversations/{conversationId}/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Say you are viewing or typing in a conversation (repeat within ttlSeconds to keep it), or that you left
         * @description Relayed at once as a `presence.updated` frame on `GET /v1/events` of the workspace (every gateway replica); never stored. A client forgets a presence after its `ttlSeconds` unless it is repeated.
         */
        post: operations["conversations_presence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A live stream of the workspace's events (text/event-stream), resumable with Last-Event-ID
         * @description Each event is sent as `id:` (its position in the stream), `event:` (its type) and `data:` (the envelope webhooks carry). Reconnect with `Last-Event-ID` (or `?lastEventId=`) to resume after that event.
         */
        get: operations["events_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message into a conversation: immediate (200), delayed or scheduled (202) */
        post: operations["messages_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an approved template message: immediate (200), delayed or scheduled (202) */
        post: operations["messages_send_template"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the workspace's WhatsApp message templates (to send with POST /v1/messages/template) */
        get: operations["templates_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/scheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List scheduled messages (by default the pending ones) */
        get: operations["messages_scheduled_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/scheduled/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a scheduled message */
        get: operations["messages_scheduled_get"];
        put?: never;
        post?: never;
        /** Cancel a pending message (idempotent) */
        delete: operations["messages_scheduled_cancel"];
        options?: never;
        head?: never;
        /** Reschedule a pending message (exactly one of scheduleTime or delay) */
        patch: operations["messages_scheduled_reschedule"];
        trace?: never;
    };
    "/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversation summaries, grouped by workspace; q searches them
         * @description `q` (an addition to the spec) finds conversations by the contact's or client's name (any part, accents and case ignored), email, phone number in any format (`+52 1 77 9500-8212`: its digits, any part) or words of a message (each word the start of a word); the other filters, the sort and `pageToken` work with it, and a page token is bound to its `q`.
         */
        get: operations["conversations_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a conversation with its messages
         * @description `id` is the canonical id. Deprecated: a thread id (`conversationId`: a phone number, a PSID, a `chat_…` id) also finds its conversation; `channelId` chooses when several share it (409 naming them otherwise).
         */
        get: operations["conversations_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a conversation: status, operation (human takeover and hand-back), tags, owners, topic, assignee
         * @description Taking over (`operation: assistance`) a conversation another person has answers 409 `conversation_taken` naming them (`details.handledBy`), unless `takeFrom` (an addition) names them; `status: active` reopens a closed one (docs/sending-messages.md › Who answers). `assignee` (an addition): a workspace user id, or null (docs/sending-messages.md › Assignment).
         */
        patch: operations["conversations_update"];
        trace?: never;
    };
    "/v1/conversations/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many conversations each state and view holds, and how many the signed-in person hasn't read
         * @description An addition to the spec, for an inbox sidebar (docs/sending-messages.md › Counts).
         */
        get: operations["conversations_counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A conversation's messages a page at a time, from the newest
         * @description An addition to the spec (docs/sending-messages.md › Reading a conversation): the first page is the newest `limit` messages; `nextPageToken` reads the ones before them.
         */
        get: operations["conversations_messages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark the conversation read by the signed-in person: its unreadCount is 0 for them until the customer writes again
         * @description An addition to the spec (docs/sending-messages.md › Unread). Emits `conversation.read`. An API key has no read marker (400).
         */
        post: operations["conversations_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/messages/{messageId}/flag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flag a customer's message: a strike on the client (lastSource supervisor) counted by the agent's guardrail thresholds
         * @description An addition to the spec (docs/agents.md › Flagging a customer's message). One strike per message: a second flag answers 409 `message_already_flagged`; only a customer's (incoming) message can be flagged (422 `not_a_customer_message`). The strike reaching the conversation's agent's `conversationStrikeThreshold` makes the conversation `spam`, the client's `clientStrikeThreshold` blocks the client (`guardrails_threshold_reached`, `client.blocked`). Nothing is sent to the customer.
         */
        post: operations["conversations_messages_flag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How the workspace assigns the conversations whose agent asks for a person, and who is available
         * @description An addition to the spec (docs/sending-messages.md › Assignment).
         */
        get: operations["assignment_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the workspace's assignment mode (none, round_robin) or mark the signed-in person available
         * @description An addition to the spec (docs/sending-messages.md › Assignment). `mode` needs the admin role; `available` is the signed-in user's own (an API key is refused, 400).
         */
        patch: operations["assignment_update"];
        trace?: never;
    };
    "/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients, grouped by workspace, newest first; q searches them
         * @description An addition to the spec. `q` finds clients by name, first or last name (any part, accents and case ignored), email, or phone number in any format (its digits, any part). `clientsCount` counts every match of the workspace; `nextPageToken` pages on (bound to `q` and `limit`).
         */
        get: operations["clients_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a client by id or phone number (E.164 without +) */
        get: operations["clients_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Block or unblock a client */
        patch: operations["clients_update"];
        trace?: never;
    };
    "/v1/usage/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Conversation usage figures */
        get: operations["usage_conversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/actors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outgoing messages by who sent them */
        get: operations["usage_actors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A conversation's private notes, oldest first (never sent to the customer)
         * @description An addition to the spec (docs/sending-messages.md › Notes). `id` is the canonical id.
         */
        get: operations["conversation_notes_list"];
        put?: never;
        /**
         * Write a private note on a conversation, mentioning workspace people (@email or mentions)
         * @description An addition to the spec (docs/sending-messages.md › Notes). The note never reaches the customer; `conversation.note.created` names the people mentioned. A mention that is not a person of the workspace is refused (400 naming it).
         */
        post: operations["conversation_notes_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/notes/{noteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a private note you wrote
         * @description An addition to the spec (docs/sending-messages.md › Notes). Only its author (the same person or API key) deletes a note: 403 otherwise.
         */
        delete: operations["conversation_notes_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's canned replies, by shortcut (q filters them)
         * @description An addition to the spec (docs/sending-messages.md › Canned replies).
         */
        get: operations["canned_replies_list"];
        put?: never;
        /**
         * Add a canned reply: a shortcut and its text, with variables such as {{contact.firstname}}
         * @description An addition to the spec (docs/sending-messages.md › Canned replies). A shortcut the workspace has already is 409 naming it.
         */
        post: operations["canned_replies_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/canned-replies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a canned reply
         * @description An addition to the spec (docs/sending-messages.md › Canned replies).
         */
        delete: operations["canned_replies_delete"];
        options?: never;
        head?: never;
        /**
         * Change a canned reply's shortcut or text
         * @description An addition to the spec (docs/sending-messages.md › Canned replies).
         */
        patch: operations["canned_replies_update"];
        trace?: never;
    };
    "/v1/conversations/{id}/messages/{messageId}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A message's media (image, audio, video, document, sticker) as its bytes, fetched from Meta with the channel's token
         * @description The bytes with their `Content-Type` and `Content-Length`, `Cache-Control: private`; documents and any type a browser could run (HTML, SVG, …) come as `Content-Disposition: attachment` with their file name. The channel token and Meta’s URLs never appear. 404: no such conversation or message in the workspace, or the message has no media (at `index`); 410: Meta no longer has the media (WhatsApp keeps it 30 days); 422: larger than the installation serves; 502: Meta could not be asked or refused.
         */
        get: operations["conversations_message_media"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List chat threads (source api_chat) */
        get: operations["chat_list"];
        put?: never;
        /** Start or continue a chat thread: the agent's answer (200), or a scheduled turn (202) */
        post: operations["chat_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chat/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a chat thread with its messages */
        get: operations["chat_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation's turn log: guardrail verdicts, tool calls, delegations and summaries of each agent turn */
        get: operations["conversations_turns_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List agents, grouped by workspace */
        get: operations["agents_list"];
        put?: never;
        /** Create an agent (no channel: the seed links channels) */
        post: operations["agents_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent */
        get: operations["agents_get"];
        put?: never;
        post?: never;
        /** Delete an agent, its prompt history and its own sub-agent connections; refused while it is a channel's default agent or another agent's sub-agent */
        delete: operations["agents_delete"];
        options?: never;
        head?: never;
        /** Update an agent (partial) */
        patch: operations["agents_update"];
        trace?: never;
    };
    "/v1/agents/{agentId}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy an agent: its settings, active prompt, guardrails, assist rules and sub-agent connections, under a new name */
        post: operations["agents_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's active system prompt and its version history */
        get: operations["agents_prompt_get"];
        put?: never;
        /** Create a new system prompt version, activated unless activate is false */
        post: operations["agents_prompt_create"];
        delete?: never;
        options?: never;
        head?: never;
        /** Activate an earlier system prompt version */
        patch: operations["agents_prompt_activate"];
        trace?: never;
    };
    "/v1/agents/{agentId}/guardrails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's guardrails */
        get: operations["agents_guardrails_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an agent's guardrails (merge) */
        patch: operations["agents_guardrails_update"];
        trace?: never;
    };
    "/v1/agents/{agentId}/assist-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's human-assistance rules */
        get: operations["agents_assist_rules_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an agent's human-assistance rules (merge) */
        patch: operations["agents_assist_rules_update"];
        trace?: never;
    };
    "/v1/agents/{agentId}/subagents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's sub-agent connections, each enriched with the connected agent's state */
        get: operations["agents_subagents_list"];
        put?: never;
        /** Connect an existing agent as a sub-agent */
        post: operations["agents_subagents_connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/subagents/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agents that can be connected as sub-agents (the parent excluded), flagged when already connected */
        get: operations["agents_subagents_available"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/subagents/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an agent and connect it as a sub-agent */
        post: operations["agents_subagents_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/subagents/{subagentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect a sub-agent (the agent itself stays unchanged) */
        delete: operations["agents_subagents_disconnect"];
        options?: never;
        head?: never;
        /** Update a sub-agent connection (changing task clears the previous mode's fields) */
        patch: operations["agents_subagents_update"];
        trace?: never;
    };
    "/v1/agents/{agentId}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's evaluations, newest first (the latest 50, or `limit`), of one prompt version (`promptId`), finished or not (`finished`) */
        get: operations["agents_evaluations_list"];
        put?: never;
        /** Replay a candidate prompt against the agent's recorded turns, compared with what the active version did (runs in the background) */
        post: operations["agents_evaluations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/evaluations/{evaluationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An evaluation: status, progress, summary and its per-turn results (paged) */
        get: operations["agents_evaluations_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/evaluations/{evaluationId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a running evaluation (the turns replayed so far stay, summarised) */
        post: operations["agents_evaluations_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's model connections: provider, base URL, models and prices, breaker state (credentials never returned) */
        get: operations["models_connections_list"];
        put?: never;
        /** Connect a model provider (OpenAI-compatible, Anthropic or Google Gemini) with its models and optional prices */
        post: operations["models_connections_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A model connection (its credential never returned) */
        get: operations["models_connections_get"];
        put?: never;
        post?: never;
        /** Delete a model connection; refused while an agent's model settings name it */
        delete: operations["models_connections_delete"];
        options?: never;
        head?: never;
        /** Update a model connection (partial); a base URL of another origin needs the credential sent again */
        patch: operations["models_connections_update"];
        trace?: never;
    };
    "/v1/models/connections/{connectionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test a model connection with a one-token call to one of its models */
        post: operations["models_connections_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which model an agent's replies, guardrail evaluator and summaries use, and its fallback list */
        get: operations["agents_models_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an agent's model settings (merge); each model must be one a connection of the workspace offers */
        patch: operations["agents_models_update"];
        trace?: never;
    };
    "/v1/usage/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model tokens and cost of customers' turns by UTC day, agent and model, the sum of the turn log's model calls */
        get: operations["usage_models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's tool connections */
        get: operations["agents_tools_list"];
        put?: never;
        /** Connect a published catalog tool to an agent */
        post: operations["agents_tools_connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/tools/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalog, flagged with what the agent has connected */
        get: operations["agents_tools_available"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}/tools/{toolId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect a tool from an agent (the tool stays) */
        delete: operations["agents_tools_disconnect"];
        options?: never;
        head?: never;
        /** Activate or deactivate an agent's tool connection */
        patch: operations["agents_tools_update"];
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's tool catalog, most recently updated first */
        get: operations["tools_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/{toolId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a catalog tool */
        get: operations["tools_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an MCP server exposes (nothing saved) */
        post: operations["tools_mcp_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connected MCP servers */
        get: operations["tools_mcp_list"];
        put?: never;
        /** Connect an MCP server and install its tools in the catalog */
        post: operations["tools_mcp_connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp/{mcpId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an MCP server with its tools */
        get: operations["tools_mcp_get"];
        put?: never;
        post?: never;
        /** Disconnect an MCP server: its catalog tools and their agent connections are removed */
        delete: operations["tools_mcp_disconnect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp/{mcpId}/oauth/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start (or restart) OAuth authorization of an MCP server: open authorizationUrl in a browser */
        post: operations["tools_mcp_oauth_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp/{mcpId}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-discover an MCP server's tools: new ones installed, changed schemas updated, vanished ones removed */
        post: operations["tools_mcp_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/mcp/{mcpId}/tools/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose which discovered tools stay installed (by mcpToolName) */
        post: operations["tools_mcp_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/apis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Custom APIs */
        get: operations["tools_apis_list"];
        put?: never;
        /** Create a custom API (draft) */
        post: operations["tools_apis_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/apis/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom API (write-only values redacted) */
        get: operations["tools_apis_get"];
        put?: never;
        post?: never;
        /** Delete a custom API, its catalog entry and its agent connections */
        delete: operations["tools_apis_delete"];
        options?: never;
        head?: never;
        /** Update a custom API ([REDACTED] keeps a stored secret; expectedVersion for optimistic concurrency) */
        patch: operations["tools_apis_update"];
        trace?: never;
    };
    "/v1/tools/apis/{integrationId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test a custom API (dry run or real call); a remote failure is an outcome, not an error */
        post: operations["tools_apis_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/apis/{integrationId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable and publish a custom API (or re-sync it) */
        post: operations["tools_apis_enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/apis/{integrationId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw a custom API from the catalog (configuration and connections kept) */
        post: operations["tools_apis_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The first-party integrations a workspace can install (the gallery)
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        get: operations["tools_integrations_providers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's installed integrations
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        get: operations["tools_integrations_list"];
        put?: never;
        /**
         * Install a provider with its settings (and an API key provider's key); its tools join the catalog as kind integration
         * @description An addition to the spec (docs/tools.md › Integrations). An OAuth provider is saved as `authorization_required` with no tools published until `oauth/start` and consent.
         */
        post: operations["tools_integrations_install"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations/{installationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an installation with its tools
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        get: operations["tools_integrations_get"];
        put?: never;
        post?: never;
        /**
         * Uninstall: the installation, its credentials, its catalog tools and their agent connections are removed
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        delete: operations["tools_integrations_uninstall"];
        options?: never;
        head?: never;
        /**
         * Change an installation's name, settings or API key (write-only)
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        patch: operations["tools_integrations_update"];
        trace?: never;
    };
    "/v1/tools/integrations/{installationId}/oauth/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start (or restart) OAuth authorization of an installation: open authorizationUrl in a browser
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        post: operations["tools_integrations_oauth_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations/{installationId}/tools/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose which of the provider's tools stay installed (by providerToolName); agent connections of removed ones go
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        post: operations["tools_integrations_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations/{installationId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw an installation’s tools from the catalog (settings, credentials and agent connections kept)
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        post: operations["tools_integrations_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/integrations/{installationId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a paused installation’s tools again
         * @description An addition to the spec (docs/tools.md › Integrations).
         */
        post: operations["tools_integrations_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's knowledge bases, by name
         * @description An addition to the spec (docs/knowledge.md).
         */
        get: operations["knowledge_bases_list"];
        put?: never;
        /**
         * Create a knowledge base
         * @description An addition to the spec (docs/knowledge.md). A name the workspace already has is 409.
         */
        post: operations["knowledge_bases_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a knowledge base
         * @description An addition to the spec (docs/knowledge.md).
         */
        get: operations["knowledge_bases_get"];
        put?: never;
        post?: never;
        /**
         * Delete a knowledge base with its sources and chunks
         * @description An addition to the spec (docs/knowledge.md).
         */
        delete: operations["knowledge_bases_delete"];
        options?: never;
        head?: never;
        /**
         * Rename a knowledge base, or change its description or its sources' default language
         * @description An addition to the spec (docs/knowledge.md). A new default language applies to sources added afterwards.
         */
        patch: operations["knowledge_bases_update"];
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A knowledge base's sources, newest first, with their indexing state
         * @description An addition to the spec (docs/knowledge.md).
         */
        get: operations["knowledge_sources_list"];
        put?: never;
        /**
         * Add a source (a text entry, an uploaded file, a website) and start indexing it
         * @description An addition to the spec (docs/knowledge.md). Answers at once with status `pending`; indexing runs as a durable workflow and the source turns `ready` or `failed` (with `error`). A file is sent base64 in `contentBase64`; its type is read from its content (PDF, DOCX, HTML, Markdown, plain text) and a body larger than the gateway reads is 413. A website URL goes through the SSRF guard.
         */
        post: operations["knowledge_sources_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a source and its indexing state
         * @description An addition to the spec (docs/knowledge.md).
         */
        get: operations["knowledge_sources_get"];
        put?: never;
        post?: never;
        /**
         * Delete a source and its chunks (an indexing run under way is stopped)
         * @description An addition to the spec (docs/knowledge.md).
         */
        delete: operations["knowledge_sources_delete"];
        options?: never;
        head?: never;
        /**
         * Change a source's title, a text entry's text, or a website's page bound and re-crawl schedule
         * @description An addition to the spec (docs/knowledge.md). A changed text is re-indexed; a field that does not apply to the source’s kind is 400 naming it.
         */
        patch: operations["knowledge_sources_update"];
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}/sources/{sourceId}/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Index a source again now (a website is re-crawled; unchanged pages keep their chunks)
         * @description An addition to the spec (docs/knowledge.md). While a run is under way the request joins it (202 with the source as it is).
         */
        post: operations["knowledge_sources_reindex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}/sources/{sourceId}/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A website source's pages: indexed, excluded by robots.txt or failed, with their content hash
         * @description An addition to the spec (docs/knowledge.md).
         */
        get: operations["knowledge_source_pages_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/bases/{baseId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try a query: the ranked chunks with their text, title path, URL and scores
         * @description An addition to the spec (docs/knowledge.md). Text search in each source’s language, and vector similarity when an embeddings endpoint is configured, fused by reciprocal rank. Nothing is written; a POST (scope write) as the query may be long.
         */
        post: operations["knowledge_bases_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Knowledge entries proposed from people’s answers, newest first
         * @description An addition to the spec (docs/knowledge-from-people.md). `state=pending` is the queue waiting for a person.
         */
        get: operations["knowledge_proposals_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/proposals/{proposalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a proposed knowledge entry
         * @description An addition to the spec (docs/knowledge-from-people.md).
         */
        get: operations["knowledge_proposals_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a pending proposal’s question or answer before accepting it
         * @description An addition to the spec (docs/knowledge-from-people.md). A proposal already accepted or discarded is 409.
         */
        patch: operations["knowledge_proposals_update"];
        trace?: never;
    };
    "/v1/knowledge/proposals/{proposalId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a proposal into a knowledge base: it becomes a text source, indexed like any entry
         * @description An addition to the spec (docs/knowledge-from-people.md). The source is created as `POST /v1/knowledge/bases/{baseId}/sources` creates one (the question and the answer as its text); an unknown base is 404 naming `baseId`; a proposal already decided is 409.
         */
        post: operations["knowledge_proposals_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge/proposals/{proposalId}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discard a proposal: it never reaches a knowledge base
         * @description An addition to the spec (docs/knowledge-from-people.md). Discarding a discarded proposal answers it as it is; an accepted one is 409.
         */
        post: operations["knowledge_proposals_discard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/reply-draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draft a reply to the customer from the agent’s knowledge, with its sources; nothing is sent
         * @description An addition to the spec (docs/knowledge-from-people.md › Reply drafts). The conversation's agent's connected knowledge bases are searched with the customer's latest messages (the retrieval of the agent's knowledge search tool) and the model writes a reply from what they hold. No other tool runs: a draft never has a side effect. A conversation without an agent is 422; with no model answer the draft is empty.
         */
        post: operations["conversations_reply_draft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/reply-draft/{draftId}/outcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record whether the person used a draft: sent as drafted, edited, or not used
         * @description An addition to the spec (docs/knowledge-from-people.md › Reply drafts). Once per draft: a second, different outcome is 409 (the same one answers as recorded).
         */
        post: operations["conversations_reply_draft_outcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/reply-drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many reply drafts were made, and how many people sent as drafted, edited or dropped
         * @description An addition to the spec (docs/knowledge-from-people.md › Reply drafts).
         */
        get: operations["usage_reply_drafts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaignId}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a campaign's template to its audience
         * @description Queues one run (or one per `template.scheduledDates` entry): a durable workflow that sends one template message per recipient not excluded, throttled to the channel rate. Progress: `runs[]` of `GET /v1/campaigns/{campaignId}`.
         */
        post: operations["campaigns_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaignId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a campaign, with the progress of its runs */
        get: operations["campaigns_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a campaign */
        patch: operations["campaigns_update"];
        trace?: never;
    };
    "/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's campaigns, newest first, each with its latest run
         * @description An addition to the specification (docs/campaigns.md). `q`: campaigns whose title contains it (any case). Paged by `nextPageToken`, sent back unchanged as `pageToken` with the same filters.
         */
        get: operations["campaigns_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaignId}/runs/{runId}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each recipient's outcome in a run of a campaign
         * @description An addition to the specification (docs/campaigns.md): in audience order, `status` filtering (comma-separated: pending, sent, failed, unknown, excluded); the reason an excluded recipient was left out, the error of a failed send. Paged by `nextPageToken`.
         */
        get: operations["campaigns_run_recipients_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks, grouped by workspace */
        get: operations["webhooks_list"];
        put?: never;
        /** Register a webhook */
        post: operations["webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["webhooks_get"];
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: operations["webhooks_delete"];
        options?: never;
        head?: never;
        /** Update a webhook */
        patch: operations["webhooks_update"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's deliveries with every attempt, newest first */
        get: operations["webhooks_deliveries_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver an event again */
        post: operations["webhooks_deliveries_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/seed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a seed document (docs/seed.md): a workspace and everything in it */
        post: operations["admin_seed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint an OAuth access token without the browser flow */
        post: operations["admin_tokens_mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/workspaces/{workspaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a workspace's operator settings: its credit limit (docs/usage.md › Credit limit) */
        patch: operations["admin_workspaces_update"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description The HTTP status */
            code: number;
            error: string;
            details: string | {
                path: (string | number)[];
                message: string;
            }[] | {
                [key: string]: unknown;
            };
        };
        Template: {
            id: string;
            channelId: string;
            name: string;
            language: string;
            category: string;
            /** @enum {string} */
            status: "approved" | "pending" | "rejected";
            body: string;
            header: {
                /** @enum {string} */
                type: "text" | "image" | "video" | "document";
                text?: string;
            } | null;
            footer: string | null;
            buttons: {
                /** @enum {string} */
                type: "url" | "phone_number" | "quick_reply" | "otp";
                text: string;
                url?: string;
                phoneNumber?: string;
            }[];
            variables: number;
        };
        ScheduledMessage: {
            messageId: string;
            /** @enum {string} */
            kind: "service" | "template";
            /** @enum {string} */
            status: "creating" | "delayed" | "scheduled" | "processing" | "sent" | "cancelled" | "failed";
            channelId: string;
            conversationId: string | null;
            campaignId: string | null;
            messageType: string | null;
            templateName: string | null;
            preview: string | null;
            phoneNumber: string | null;
            name: string | null;
            /** @description ISO 8601 */
            executeAt: string;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
            cancelledAt: string | null;
            sentAt: string | null;
            failedAt: string | null;
            error: string | null;
            reschedulable: boolean;
        };
        ConversationSummary: {
            id: string;
            conversationId: string;
            clientId: string;
            agentId: string | null;
            source: string | null;
            canSendDirectMessage: boolean;
            workspaceId: string;
            channelId: string;
            contactName: string | null;
            phoneNumber: string | null;
            topic: string | null;
            platform: string;
            /** @enum {string} */
            status: "initiated" | "active" | "finished" | "spam" | "expired";
            /** @enum {string} */
            operation: "automatic" | "assistance";
            messageCount: number;
            owners: string[];
            tags: string[];
            /** @description ISO 8601 */
            creationDate: string;
            /** @description ISO 8601 */
            lastUpdate: string;
            /**
             * @description ai: the agent answers; waiting: the agent asked for a person; human: a person took it over; closed: finished, expired or spam
             * @enum {string}
             */
            state: "ai" | "waiting" | "human" | "closed";
            /** @description state human: who has the conversation (a user id with their email where the answer knows it, or key:<id> for an API key) */
            handledBy: {
                id: string;
                email?: string;
            } | null;
            /** @description state waiting: since when the conversation waits for a person */
            waitingSince: string | null;
            /** @description the workspace user the conversation is assigned to (their email where the answer knows it); null: unassigned */
            assignee: {
                id: string;
                email?: string;
            } | null;
            /** @description the latest message shown in the conversation; null before any */
            lastMessage: components["schemas"]["ConversationLastMessage"] | null;
            /** @description the latest send failed, or the agent's latest turn did; null once a later send goes out */
            failed: components["schemas"]["ConversationFailure"] | null;
            /** @description the customer's messages after the signed-in person's read marker (POST /v1/conversations/{id}/read); null for an API key */
            unreadCount: number | null;
        };
        ConversationLastMessage: {
            messageId: string;
            /** @description a text message's first 120 characters; null for media and other kinds (see contentType) */
            preview: string | null;
            /** @description text, image, audio, video, document, sticker, location, template, interactive… */
            contentType: string;
            /** @description who wrote it: customer, agent (the AI), person (a signed-in user or the business app), api, campaign */
            by: string;
            /** @description ISO 8601 */
            at: string;
        };
        ConversationFailure: {
            /**
             * @description send: the latest send was not delivered; turn: the agent's latest turn failed without a reply
             * @enum {string}
             */
            kind: "send" | "turn";
            /** @description messaging's reason (unreachable, refused, window_closed, unsendable) or the error's code (Meta's, the runtime's) */
            reason: string | null;
            /** @description the error's own words */
            message: string | null;
            messageId: string;
            /** @description ISO 8601 */
            at: string;
        };
        ConversationMessage: {
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "system";
            content: string;
            contentType: string;
            /** @enum {string} */
            direction: "incoming" | "outgoing";
            /** @enum {string} */
            status: "received" | "delivered" | "read" | "failed";
            /** @description ISO 8601 */
            creationDate: string;
            reply?: {
                [key: string]: unknown;
            };
            error?: {
                code?: string | number | null;
                message?: string;
            } & {
                [key: string]: unknown;
            };
            files: ({
                url?: string;
                mediaId?: string;
                mimeType?: string;
                filename?: string;
            } & {
                [key: string]: unknown;
            })[];
            images: ({
                url?: string;
                mediaId?: string;
                mimeType?: string;
                filename?: string;
            } & {
                [key: string]: unknown;
            })[];
            /** @description ISO 8601 */
            lastUpdate: string;
            owner: {
                id: string;
                type: string;
                email?: string;
            } | null;
            guardrail?: {
                [key: string]: unknown;
            };
            assistance?: {
                reason: string;
            } & {
                [key: string]: unknown;
            };
            flag?: components["schemas"]["MessageFlag"];
        };
        MessageFlag: {
            /** @enum {string} */
            severity: "low" | "medium" | "high";
            note: string | null;
            flaggedBy: {
                id: string;
                /** @enum {string} */
                type: "user" | "api";
            };
            /** @description ISO 8601 */
            flaggedAt: string;
        };
        AssignmentSettings: {
            /** @enum {string} */
            mode: "none" | "round_robin";
            /** @description the people round-robin assigns to */
            available: {
                id: string;
                email?: string;
            }[];
            /** @description the workspace's users: whom a conversation can be assigned to */
            people: {
                id: string;
                email: string;
            }[];
            lastAssignee: string | null;
        };
        Client: {
            id: string;
            phoneNumber: string | null;
            name: string | null;
            firstname: string | null;
            lastname: string | null;
            email: string | null;
            birthdate: string | null;
            gender: string | null;
            company: string | null;
            country: string | null;
            state: string | null;
            city: string | null;
            address: string | null;
            postalCode: string | null;
            /** @enum {string} */
            status: "active" | "blocked";
            moderation: {
                totalStrikes: number;
                lastAction: ("warn" | "assist" | "spam") | null;
                lastSource: ("lexicon" | "openai" | "llm_guardrail" | "supervisor") | null;
                lastSeverity: ("low" | "medium" | "high") | null;
                lastFlaggedAt: string | null;
                lastCategories: string[];
                lastMatchedTerms: string[];
                blockedAt: string | null;
                blockedBy: string | null;
                blockedReason: string | null;
            };
            tags: string[];
            owners: string[];
            customFields: {
                [key: string]: unknown;
            };
            /** @description ISO 8601 */
            creationDate: string;
            /** @description ISO 8601 */
            lastUpdate: string;
        };
        CreditUsage: {
            limit: number | null;
            used: number;
            remaining: number | null;
            reached: boolean;
        };
        ConversationUsage: {
            range: {
                /** @description ISO 8601, with the workspace timezone's offset */
                startDate: string;
                /** @description ISO 8601, with the workspace timezone's offset */
                endDate: string;
            };
            freshness: {
                source: string;
                lastUpdated: string | null;
                expectedLagMinutes: number;
            };
            summary: {
                conversationCount: number;
                assistedConversationCount: number;
                assistanceRequestCount: number;
                autonomyRate: number;
            };
            breakdown: {
                /** @enum {string} */
                dimension: "platform" | "agent" | "channel" | "tag";
                totals: {
                    key: string | null;
                    label: string;
                    value: number;
                }[];
                series: {
                    date: string;
                    key: string | null;
                    label: string;
                    value: number;
                }[];
            };
        };
        ActorUsage: {
            range: {
                /** @description ISO 8601, with the workspace timezone's offset */
                startDate: string;
                /** @description ISO 8601, with the workspace timezone's offset */
                endDate: string;
            };
            freshness: {
                source: string;
                lastUpdated: string | null;
                expectedLagSeconds: number;
            };
            actorTypes: {
                /** @enum {string} */
                actorType: "ai" | "api" | "user" | "campaign" | "system";
                messages: number;
            }[];
            workspaceUsers: {
                userId: string;
                email: string | null;
                messages: number;
            }[];
            summary: {
                totalMessages: number;
            };
            evaluations: {
                evaluationCount: number;
                turnCount: number;
                inputTokens: number;
                outputTokens: number;
                totalTokens: number;
            };
        };
        ConversationNote: {
            id: string;
            /** @description the conversation's canonical id */
            conversationId: string;
            text: string;
            /** @description a signed-in person (their user id) or an API key (key:<id>) */
            author: {
                /** @enum {string} */
                type: "user" | "api";
                id: string;
                email?: string;
            };
            /** @description the workspace people the note mentions */
            mentions: {
                id: string;
                email?: string;
            }[];
            /** @description ISO 8601 */
            createdAt: string;
        };
        CannedReply: {
            id: string;
            shortcut: string;
            text: string;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
        };
        ChatMessage: {
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "system";
            content: string;
            contentType: string;
            /** @enum {string} */
            direction: "incoming" | "outgoing";
            /** @enum {string} */
            status: "received" | "delivered" | "read" | "failed";
            /** @description ISO 8601 */
            creationDate: string;
            reply?: {
                [key: string]: unknown;
            };
            error?: {
                code?: string | number | null;
                message?: string;
            } & {
                [key: string]: unknown;
            };
        };
        TurnLog: {
            conversationId: string;
            turns: components["schemas"]["TurnLogEntry"][];
            count: number;
        };
        TurnLogEntry: {
            id: string;
            conversationId: string;
            agentId: string | null;
            speakerAgentId: string | null;
            startedAt: string;
            endedAt: string | null;
            outcome: ("answered" | "guardrail" | "assistance" | "silent" | "failed") | null;
            detail: string | null;
            guardrail: components["schemas"]["TurnLogGuardrail"] | null;
            toolCalls: components["schemas"]["TurnLogToolCall"][];
            delegations: components["schemas"]["TurnLogDelegation"][];
            summaries: components["schemas"]["TurnLogSummary"][];
            modelCalls: components["schemas"]["TurnLogModelCall"][];
            knowledge: components["schemas"]["TurnLogKnowledge"] | null;
        };
        TurnLogGuardrail: {
            /** @enum {string} */
            status: "no_violation" | "violation" | "disabled" | "skipped";
            source: ("lexicon" | "openai" | "llm_guardrail") | null;
            ruleIndex: number | null;
            severity: ("low" | "medium" | "high") | null;
            categories: string[];
            matchedTerms: string[];
            /** @enum {string} */
            moderation?: "flagged" | "passed" | "failed";
        };
        TurnLogToolCall: {
            toolCallId: string;
            name: string;
            /** @enum {string} */
            outcome: "ok" | "error";
            durationMs: number;
            error: string | null;
            at: string;
            arguments: {
                [key: string]: unknown;
            } | null;
            result: string | null;
        };
        TurnLogDelegation: {
            /** @enum {string} */
            kind: "consult" | "delegate" | "complete";
            subagentId: string | null;
            subagentName: string | null;
            note: string;
            at: string;
        };
        TurnLogSummary: {
            /** @enum {string} */
            kind: "recall" | "context";
            conversationId: string;
            messageCount: number;
            summary: string;
            at: string;
        };
        TurnLogModelCall: {
            /** @enum {string} */
            purpose: "reply" | "guardrail" | "summary" | "subagent" | "working_message";
            round: number | null;
            attempt: number;
            model: string;
            provider: string | null;
            connectionId?: string | null;
            agentId?: string | null;
            costUsd?: number | null;
            fallbackIndex?: number;
            /** @enum {string} */
            outcome: "ok" | "error";
            at: string;
            durationMs: number;
            inputTokens: number | null;
            outputTokens: number | null;
            finishReason: ("stop" | "length" | "content_filter" | "tool_calls" | "error" | "interrupted" | "other") | null;
            toolCallCount: number;
            error: {
                status: number | null;
                code: string | null;
                message: string;
            } | null;
        };
        TurnLogKnowledge: {
            retrieved: components["schemas"]["TurnLogChunk"][];
            cited: components["schemas"]["TurnLogChunk"][];
            unknown: boolean;
        };
        TurnLogChunk: {
            chunkId: string;
            title: string;
            url: string | null;
        };
        Agent: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "inactive";
            channel: string;
            owners: string[];
            comunicationChannel: {
                channelId: string[];
                phoneNumber: string[];
            };
            systemPrompt: string;
            activePromptId: string | null;
            imageUrl: string | null;
            supportInformation: {
                supportAddress?: string | null;
                supportEmail?: string | null;
                supportPhone?: string | null;
                serviceHours?: {
                    [key: string]: {
                        start: string;
                        end: string;
                        availability: string;
                    };
                } | null;
            } | null;
            assistanceTriggers: string;
            waitMessage: string;
            assistanceEnabled: boolean;
            recallLastConversation: boolean;
            enableFileAttachments: boolean;
            disableContextSummarization: boolean | null;
            requireEvaluation: boolean;
            readNotes: boolean;
            answerOnlyFromKnowledge: boolean;
            unknownAnswerMessage: string;
            workingMessage: {
                enabled: boolean;
                trigger: {
                    /** @enum {string} */
                    type: "toolCallCount" | "toolName" | "any";
                    minToolCalls: number;
                    toolNames: string[];
                    /** @enum {string} */
                    match: "exact" | "prefix";
                };
                message: {
                    enabled: boolean;
                    /** @enum {string} */
                    mode: "fixed" | "ai";
                    fixedText: string;
                    aiPrompt: string;
                };
                sticker: {
                    enabled: boolean;
                    url: string | null;
                };
            };
            creationDate: string | null;
            /** @description ISO 8601 */
            lastUpdate: string;
        };
        Guardrails: {
            enabled: boolean;
            rules: string[];
            message: string;
            conversationStrikeThreshold: number;
            clientStrikeThreshold: number;
            moderationEnabled: boolean;
        };
        AssistRules: {
            assistanceTriggers: string;
            assistanceEnabled: boolean;
            waitMessage: string;
        };
        SubagentConnectionListed: {
            reference: string;
            name: string;
            agentName: string;
            agentImageUrl: string | null;
            /** @enum {string} */
            status: "active" | "inactive";
            /** @enum {string} */
            task: "assist" | "delegate";
            description: string;
            delegationCriteria: string;
            completionCriteria: string;
            agentExists: boolean;
            hasPrompt: boolean;
            agentStatus: ("active" | "inactive") | null;
            lastUpdate: string | null;
        };
        ConnectableAgent: {
            id: string;
            name: string;
            imageUrl: string | null;
            /** @enum {string} */
            status: "active" | "inactive";
            hasPrompt: boolean;
            /** @description ISO 8601 */
            lastUpdate: string;
            isAlreadyConnected: boolean;
        };
        SubagentConnection: {
            reference: string;
            name: string;
            agentName: string;
            agentImageUrl: string | null;
            /** @enum {string} */
            status: "active" | "inactive";
            /** @enum {string} */
            task: "assist" | "delegate";
            description: string;
            delegationCriteria: string;
            completionCriteria: string;
        };
        EvaluationList: {
            evaluations: components["schemas"]["Evaluation"][];
        };
        Evaluation: {
            id: string;
            agentId: string;
            /** @enum {string} */
            status: "running" | "completed" | "budget_exhausted" | "cancelled" | "failed";
            candidate: {
                promptId: string | null;
                systemPrompt: string;
                model: string | null;
            };
            sample: {
                [key: string]: unknown;
            };
            checks: ({
                /** @constant */
                kind: "must_mention";
                text: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_mention";
                text: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_call_tool";
                tool: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_call_tool";
                tool: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_request_assistance";
                turnId?: string;
                whenCustomerSays?: string;
            })[];
            judge: {
                rubric: string;
                model: string | null;
            } | null;
            budget: {
                maxTurns: number;
                maxTokens: number;
            };
            progress: {
                turns: number;
                done: number;
                tokens: number;
            };
            summary: components["schemas"]["EvaluationSummary"] | null;
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
        };
        EvaluationSummary: {
            turns: number;
            replayed: number;
            skipped: number;
            repliesChanged: number;
            toolCallsAdded: number;
            toolCallsRemoved: number;
            toolCallsChanged: number;
            guardrailFlips: number;
            assistanceFlips: number;
            delegationChanges: number;
            checksFailed: number;
            judgeAverage: number | null;
            judgeFailed: number;
            passed: boolean;
        };
        EvaluationDetail: {
            id: string;
            agentId: string;
            /** @enum {string} */
            status: "running" | "completed" | "budget_exhausted" | "cancelled" | "failed";
            candidate: {
                promptId: string | null;
                systemPrompt: string;
                model: string | null;
            };
            sample: {
                [key: string]: unknown;
            };
            checks: ({
                /** @constant */
                kind: "must_mention";
                text: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_mention";
                text: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_call_tool";
                tool: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_call_tool";
                tool: string;
                turnId?: string;
                whenCustomerSays?: string;
            } | {
                /** @constant */
                kind: "must_not_request_assistance";
                turnId?: string;
                whenCustomerSays?: string;
            })[];
            judge: {
                rubric: string;
                model: string | null;
            } | null;
            budget: {
                maxTurns: number;
                maxTokens: number;
            };
            progress: {
                turns: number;
                done: number;
                tokens: number;
            };
            summary: components["schemas"]["EvaluationSummary"] | null;
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
            turns: {
                items: components["schemas"]["EvaluationTurn"][];
                limit: number;
                offset: number;
                hasMore: boolean;
            };
        };
        EvaluationTurn: {
            turnId: string;
            conversationId: string;
            position: number;
            /** @enum {string} */
            status: "pending" | "replayed" | "skipped";
            detail: string | null;
            customerText: string | null;
            recorded: components["schemas"]["EvaluationBehaviour"] | null;
            candidate: components["schemas"]["EvaluationBehaviour"] | null;
            comparison: components["schemas"]["EvaluationComparison"] | null;
            checks: {
                check: {
                    /** @constant */
                    kind: "must_mention";
                    text: string;
                    turnId?: string;
                    whenCustomerSays?: string;
                } | {
                    /** @constant */
                    kind: "must_not_mention";
                    text: string;
                    turnId?: string;
                    whenCustomerSays?: string;
                } | {
                    /** @constant */
                    kind: "must_call_tool";
                    tool: string;
                    turnId?: string;
                    whenCustomerSays?: string;
                } | {
                    /** @constant */
                    kind: "must_not_call_tool";
                    tool: string;
                    turnId?: string;
                    whenCustomerSays?: string;
                } | {
                    /** @constant */
                    kind: "must_not_request_assistance";
                    turnId?: string;
                    whenCustomerSays?: string;
                };
                passed: boolean;
                detail: string;
            }[];
            judge: {
                score: number;
                passed: boolean;
                reason: string;
            } | null;
            tokens: number;
        };
        EvaluationBehaviour: {
            reply: string | null;
            toolCalls: {
                name: string;
                arguments: {
                    [key: string]: unknown;
                } | null;
            }[];
            guardrailViolation: boolean;
            assistanceRequested: boolean;
            delegations: {
                /** @enum {string} */
                kind: "consult" | "delegate" | "complete";
                subagent: string | null;
            }[];
        };
        EvaluationComparison: {
            replyChanged: boolean;
            replyDiff: string[];
            toolCallsAdded: string[];
            toolCallsRemoved: string[];
            toolCallsChanged: string[];
            guardrailFlipped: boolean;
            assistanceFlipped: boolean;
            delegationChanged: boolean;
        };
        ModelConnection: {
            id: string;
            workspaceId: string;
            name: string;
            /** @enum {string} */
            provider: "openai_compatible" | "anthropic" | "google";
            baseUrl: string | null;
            hasCredential: boolean;
            models: components["schemas"]["ModelOffer"][];
            default: boolean;
            breaker: {
                /** @enum {string} */
                state: "closed" | "open";
                failures: number;
                openUntil: string | null;
            };
            createdAt: string;
            updatedAt: string;
        };
        ModelOffer: {
            id: string;
            /** @default null */
            inputUsdPerMillion: number | null;
            /** @default null */
            outputUsdPerMillion: number | null;
        };
        ModelConnectionTest: {
            ok: boolean;
            model: string;
            durationMs: number;
            error: {
                status: number | null;
                code: string | null;
                message: string;
            } | null;
        };
        AgentModels: {
            reply: components["schemas"]["ModelRef"] | null;
            guardrail: components["schemas"]["ModelRef"] | null;
            summary: components["schemas"]["ModelRef"] | null;
            fallback: components["schemas"]["ModelRef"][];
        };
        ModelRef: {
            connectionId: string | null;
            model: string;
        };
        ModelUsage: {
            range: {
                startDate: string;
                endDate: string;
            };
            totals: {
                calls: number;
                inputTokens: number;
                outputTokens: number;
                costUsd: number;
                unpricedCalls: number;
            };
            rows: {
                date: string;
                agentId: string | null;
                connectionId: string | null;
                model: string;
                calls: number;
                inputTokens: number;
                outputTokens: number;
                costUsd: number;
                unpricedCalls: number;
            }[];
        };
        ToolConnection: {
            toolId: string;
            name: string;
            /** @enum {string} */
            kind: "mcp" | "api" | "integration" | "legacy" | "knowledge";
            description: string;
            /** @enum {string} */
            connectionStatus: "active" | "inactive";
            toolStatus: string;
            connectedAt: string;
        };
        CatalogTool: {
            id: string;
            name: string;
            description: string;
            /** @enum {string} */
            kind: "mcp" | "api" | "integration" | "legacy" | "knowledge";
            parameters: {
                [key: string]: unknown;
            };
            status: string;
            mcpId: string | null;
            mcpToolName: string | null;
            integrationId: string | null;
            installationId: string | null;
            providerId: string | null;
            providerToolName: string | null;
            createdAt: string | null;
            updatedAt: string | null;
        } & {
            [key: string]: unknown;
        };
        McpServer: {
            mcpId: string;
            /** @enum {string} */
            status: "active" | "error" | "authorization_required" | "authorization_lapsed";
            name: string;
            url: string;
            transport: ("streamable-http" | "sse") | null;
            protocolVersion: string | null;
            serverInfo: ({
                name: string;
                version: string;
            } & {
                [key: string]: unknown;
            }) | null;
            headers: string[];
            /** @enum {string} */
            auth: "none" | "bearer" | "oauth";
            lastError: string | null;
            lastRefreshAt: string | null;
            toolCount: number;
            installedCount: number;
            createdAt: string;
            updatedAt: string;
        } & {
            [key: string]: unknown;
        };
        CustomApi: {
            id: string;
            name: string;
            toolName: string;
            description: string;
            /** @enum {string} */
            status: "draft" | "enabled" | "paused";
            request: {
                [key: string]: unknown;
            };
            variables: {
                [key: string]: unknown;
            }[];
            version: number;
            enabledFunctionRef: string | null;
            secretsRedacted: boolean;
            createdAt: string;
            updatedAt: string;
        } & {
            [key: string]: unknown;
        };
        IntegrationProvider: {
            providerId: string;
            name: string;
            description: string;
            icon: string;
            /** @enum {string} */
            auth: "api_key" | "oauth2";
            available: boolean;
            settings: {
                key: string;
                label: string;
                description: string;
                required: boolean;
                example: string | null;
            }[];
            tools: {
                providerToolName: string;
                description: string;
                parameters: {
                    [key: string]: unknown;
                };
            }[];
        };
        IntegrationInstallation: {
            installationId: string;
            providerId: string;
            name: string;
            /** @enum {string} */
            status: "active" | "paused" | "authorization_required" | "authorization_lapsed";
            /** @enum {string} */
            auth: "api_key" | "oauth2";
            authorized: boolean;
            authorizationExpiresAt: string | null;
            settings: {
                [key: string]: string;
            };
            lastError: string | null;
            installedCount: number;
            tools: {
                providerToolName: string;
                description: string;
                parameters: {
                    [key: string]: unknown;
                };
                installed: boolean;
                toolId: string | null;
                name: string | null;
            }[];
            createdAt: string;
            updatedAt: string;
        };
        KnowledgeBase: {
            /** @description kb_… */
            id: string;
            name: string;
            description: string;
            /**
             * @description the text search language: es (Spanish) or en (English)
             * @enum {string}
             */
            language: "es" | "en";
            sourceCount: number;
            chunkCount: number;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
        };
        KnowledgeSource: {
            /** @description ks_… */
            id: string;
            baseId: string;
            /** @enum {string} */
            kind: "text" | "file" | "website";
            title: string;
            /** @enum {string} */
            status: "pending" | "indexing" | "ready" | "failed";
            /** @description why the last indexing failed (status failed) or what it skipped */
            error: string | null;
            /** @description SHA-256 of what was last indexed (a website: of its pages’ hashes) */
            contentHash: string | null;
            /**
             * @description the text search language: es (Spanish) or en (English)
             * @enum {string}
             */
            language: "es" | "en";
            /** @description file sources: the type read from the content */
            fileType: ("pdf" | "docx" | "html" | "markdown" | "text") | null;
            /** @description file sources: the upload’s size */
            byteSize: number | null;
            website: {
                url: string;
                /** @enum {string} */
                mode: "page" | "sitemap" | "crawl";
                maxPages: number;
                recrawlEveryHours: number | null;
                nextCrawlAt: string | null;
            } | null;
            chunkCount: number;
            /** @description website sources: pages indexed; 1 for others once ready */
            pageCount: number;
            indexedAt: string | null;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
        };
        KnowledgePage: {
            url: string;
            title: string;
            /** @enum {string} */
            status: "queued" | "indexed" | "excluded" | "failed";
            error: string | null;
            contentHash: string | null;
            /** @description how many times its chunks were (re)written: a page unchanged on re-crawl keeps its count */
            indexCount: number;
            /** @description ISO 8601 */
            fetchedAt: string;
            indexedAt: string | null;
        };
        KnowledgeChunkHit: {
            chunkId: string;
            sourceId: string;
            /** @description the source’s title, or the page’s */
            title: string;
            /** @description the headings above the chunk, outermost first */
            titlePath: string[];
            /** @description the page’s URL (website sources) */
            url: string | null;
            text: string;
            scores: {
                /** @description 1-based rank in the text search; null when it did not match */
                textRank: number | null;
                /** @description 1-based rank by cosine similarity; null without embeddings */
                vectorRank: number | null;
                /** @description ts_rank, normalised by length */
                textScore: number | null;
                /** @description cosine similarity */
                similarity: number | null;
                /** @description reciprocal rank fusion: Σ 1/(60 + rank) */
                fused: number;
            };
        };
        KnowledgeProposal: {
            /** @description kp_… */
            id: string;
            /** @enum {string} */
            state: "pending" | "accepted" | "discarded";
            question: string;
            answer: string;
            /** @description the conversation (its canonical id) the exchange happened in */
            conversationId: string;
            /** @description the conversation’s agent */
            agentId: string | null;
            /** @description the person (user id) whose answer it is */
            answeredBy: string | null;
            /** @description the exchange: the customer’s and the person’s messages it was drafted from */
            messageIds: string[];
            /** @description a person changed the question or the answer before deciding */
            edited: boolean;
            /** @description who accepted or discarded it (a user id, or key:<id>) */
            decidedBy: string | null;
            decidedAt: string | null;
            /** @description accepted: the knowledge base it went to */
            baseId: string | null;
            /** @description accepted: the text source (ks_…) created from it */
            sourceId: string | null;
            /** @description ISO 8601 */
            createdAt: string;
            /** @description ISO 8601 */
            updatedAt: string;
        };
        ReplyDraft: {
            /** @description rd_… */
            draftId: string;
            /** @description the drafted reply; empty when the knowledge had nothing that answers */
            text: string;
            /** @description the chunks the draft was written from, best first */
            sources: {
                /** @description the source’s title, or the page’s */
                title: string;
                /** @description the page’s URL (website sources) */
                url: string | null;
                chunkId: string;
            }[];
        };
        Campaign: {
            id: string;
            title: string;
            category: string;
            platform: string;
            templateName: string | null;
            message: string | null;
            template: {
                [key: string]: unknown;
            } | null;
            language: string | null;
            templateLanguage: string | null;
            wabaId: string | null;
            owners: string[];
            creationDate: string;
            lastUpdate: string;
            runs: {
                runId: string;
                /** @enum {string} */
                status: "scheduled" | "sending" | "completed";
                channelId: string;
                templateName: string;
                scheduledFor: string | null;
                createdAt: string;
                completedAt: string | null;
                recipients: number;
                sent: number;
                failed: number;
                unknown: number;
                pending: number;
                excluded: number;
            }[];
        };
        CampaignListItem: {
            id: string;
            title: string;
            category: string;
            platform: string;
            templateName: string | null;
            message: string | null;
            template: {
                [key: string]: unknown;
            } | null;
            language: string | null;
            templateLanguage: string | null;
            wabaId: string | null;
            owners: string[];
            creationDate: string;
            lastUpdate: string;
            lastRun: {
                runId: string;
                /** @enum {string} */
                status: "scheduled" | "sending" | "completed";
                channelId: string;
                templateName: string;
                scheduledFor: string | null;
                createdAt: string;
                completedAt: string | null;
                recipients: number;
                sent: number;
                failed: number;
                unknown: number;
                pending: number;
                excluded: number;
            } | null;
        };
        CampaignRunRecipient: {
            /** @description Place in the audience as the send took it */
            position: number;
            phoneNumber: string;
            name: string | null;
            /** @enum {string} */
            status: "pending" | "sent" | "failed" | "unknown" | "excluded";
            /** @description Why an `excluded` recipient was left out */
            reason: ("blocked" | "problematic" | "undeliverable") | null;
            /** @description Why a `failed` (Meta refused, `cancelled`) or `unknown` send ended so */
            error: string | null;
            /** @description The message the run sent or tried to send (null when excluded) */
            messageId: string | null;
            sentAt: string | null;
            updatedAt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    workspaces_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            /** @description The signed-in user's role in the workspace; null for an API key, which has full access to its workspace */
                            role: ("admin" | "agent") | null;
                        }[];
                        /** @description The signed-in user of an OAuth token; null for an API key (it belongs to the workspace, not to a user) */
                        user: {
                            id: string;
                            email: string;
                            name: string | null;
                        } | null;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            apiKeys: {
                                id: string;
                                workspaceId: string;
                                name: string;
                                ownerId: string;
                                createdByKeyId: string | null;
                                rateLimitPerSecond: number;
                                expiresAt: string | null;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                                creationDate: string;
                            }[];
                            apiKeysCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: date-time */
                    expiresAt?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                            name: string;
                            ownerId: string;
                            createdByKeyId: string | null;
                            rateLimitPerSecond: number;
                            expiresAt: string | null;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            creationDate: string;
                            /** @description The key value: shown once, store it now */
                            key: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_revoke: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                            name: string;
                            ownerId: string;
                            createdByKeyId: string | null;
                            rateLimitPerSecond: number;
                            expiresAt: string | null;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            creationDate: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    api_keys_rotate: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                            name: string;
                            ownerId: string;
                            createdByKeyId: string | null;
                            rateLimitPerSecond: number;
                            expiresAt: string | null;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            creationDate: string;
                            /** @description The key value: shown once, store it now */
                            key: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    team_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            userId: string;
                            email: string;
                            name: string | null;
                            /** @enum {string} */
                            role: "admin" | "agent";
                            joinedAt: string;
                        }[];
                        /** @description Pending invitations (neither accepted, cancelled nor expired) */
                        invitations: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "agent";
                            /** @description The email of the person (or the key owner) who invited */
                            invitedBy: string | null;
                            createdAt: string;
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    team_invite: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "agent";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "agent";
                            /** @description The email of the person (or the key owner) who invited */
                            invitedBy: string | null;
                            createdAt: string;
                            expiresAt: string;
                            /** @description Where the colleague sets a password and joins: shown once, valid until expiresAt, usable once */
                            invitationUrl: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    team_invitations_cancel: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "agent";
                            /** @description The email of the person (or the key owner) who invited */
                            invitedBy: string | null;
                            createdAt: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    team_members_remove: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            userId: string;
                            /** @description OAuth tokens (console sessions included) ended at once */
                            revokedAccessTokens: number;
                            /** @description API keys the person created in the workspace (and keys minted by them), revoked at once */
                            revokedApiKeys: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    team_members_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "admin" | "agent";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            userId: string;
                            email: string;
                            name: string | null;
                            /** @enum {string} */
                            role: "admin" | "agent";
                            joinedAt: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_presence: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    activity: "viewing" | "typing" | "left";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            conversationId: string;
                            userId: string;
                            /** @description The person's name, else their email */
                            name: string;
                            /** @enum {string} */
                            activity: "viewing" | "typing" | "left";
                            ttlSeconds: number;
                            at: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    events_stream: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                types?: string;
                lastEventId?: string;
            };
            header?: {
                /** @description Resume after this event (its `id:`); the `lastEventId` query parameter says the same for clients that cannot send headers */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_send: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    channelId: string;
                    conversationId: string;
                    content: string | {
                        [key: string]: unknown;
                    };
                    /** @enum {string} */
                    type?: "text" | "image" | "video" | "file" | "audio" | "interactive" | "email" | "instruction";
                    client?: {
                        name?: string;
                        firstname?: string;
                        lastname?: string;
                        /** Format: email */
                        email?: string;
                        birthdate?: string;
                        /** @enum {string} */
                        gender?: "male" | "female";
                        company?: string;
                        /** @enum {string} */
                        country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                        state?: string;
                        city?: string;
                        address?: string;
                        postalCode?: string;
                        customFields?: {
                            [key: string]: string | number | boolean | null;
                        };
                        owners?: string[];
                    };
                    campaignId?: string;
                    delay?: number;
                    scheduleTime?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messageId: string;
                        /** @constant */
                        status: "sent";
                        /** @description ISO 8601 */
                        timestamp: string;
                    };
                };
            };
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messageId: string;
                        /** @enum {string} */
                        kind: "service" | "template";
                        /** @enum {string} */
                        status: "delayed" | "scheduled";
                        /** @description ISO 8601 */
                        timestamp: string;
                        /** @description ISO 8601 */
                        executeAt: string;
                        delayMs?: number;
                        scheduledTime?: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace reached its credit limit (`details`: `creditLimit`, `billableMessages`, `billingPeriod`) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A provider (Meta, the model) failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_send_template: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    channelId: string;
                    conversationId: string;
                    template: {
                        name: string;
                        language?: string;
                        params?: string[];
                        /** @enum {string} */
                        type?: "image" | "video" | "document";
                        /** Format: uri */
                        file?: string;
                        buttons?: {
                            index: number;
                            /** @default button */
                            type?: string;
                            /** @enum {string} */
                            sub_type?: "url" | "phone_number" | "quick_reply" | "otp";
                            text?: string;
                            placeholder?: string;
                            parameters: {
                                type: string;
                                text: string;
                                url?: string;
                                selectedFields?: string[];
                            }[];
                        }[];
                    };
                    client?: {
                        name?: string;
                        firstname?: string;
                        lastname?: string;
                        /** Format: email */
                        email?: string;
                        birthdate?: string;
                        /** @enum {string} */
                        gender?: "male" | "female";
                        company?: string;
                        /** @enum {string} */
                        country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                        state?: string;
                        city?: string;
                        address?: string;
                        postalCode?: string;
                        customFields?: {
                            [key: string]: string | number | boolean | null;
                        };
                        owners?: string[];
                    };
                    campaignId?: string;
                    delay?: number;
                    scheduleTime?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messageId: string;
                        /** @constant */
                        status: "sent";
                        /** @description ISO 8601 */
                        timestamp: string;
                    };
                };
            };
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messageId: string;
                        /** @enum {string} */
                        kind: "service" | "template";
                        /** @enum {string} */
                        status: "delayed" | "scheduled";
                        /** @description ISO 8601 */
                        timestamp: string;
                        /** @description ISO 8601 */
                        executeAt: string;
                        delayMs?: number;
                        scheduledTime?: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace reached its credit limit (`details`: `creditLimit`, `billableMessages`, `billingPeriod`) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A provider (Meta, the model) failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    templates_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                channelId?: string;
                status?: "approved" | "pending" | "rejected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: components["schemas"]["Template"][];
                        count: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_scheduled_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                status?: string;
                kind?: "service" | "template";
                campaignId?: string;
                from?: string;
                to?: string;
                limit?: number;
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["ScheduledMessage"][];
                        count: number;
                        nextPageToken?: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_scheduled_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledMessage"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_scheduled_cancel: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledMessage"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    messages_scheduled_reschedule: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    scheduleTime?: string;
                    delay?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledMessage"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                limit?: number;
                offset?: number;
                pageToken?: string;
                channelId?: string;
                clientId?: string;
                agentId?: string;
                sortBy?: "lastUpdate" | "creationDate" | "waitingSince";
                sortDirection?: "asc" | "desc";
                tags?: string | string[];
                dateFilter?: string;
                status?: string | string[];
                operation?: "automatic" | "assistance";
                state?: "ai" | "waiting" | "human" | "closed";
                assignee?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            conversations: components["schemas"]["ConversationSummary"][];
                            conversationsCount: number;
                            conversationsCountCapped?: boolean;
                            pagination: {
                                limit: number;
                                offset: number;
                                hasMore: boolean;
                            };
                        }[];
                        nextPageToken: string | null;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                channelId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            conversations: {
                                id: string;
                                conversationId: string;
                                clientId: string;
                                agentId: string | null;
                                source: string | null;
                                canSendDirectMessage: boolean;
                                workspaceId: string;
                                channelId: string;
                                contactName: string | null;
                                phoneNumber: string | null;
                                topic: string | null;
                                platform: string;
                                /** @enum {string} */
                                status: "initiated" | "active" | "finished" | "spam" | "expired";
                                /** @enum {string} */
                                operation: "automatic" | "assistance";
                                messageCount: number;
                                owners: string[];
                                tags: string[];
                                /** @description ISO 8601 */
                                creationDate: string;
                                /** @description ISO 8601 */
                                lastUpdate: string;
                                /**
                                 * @description ai: the agent answers; waiting: the agent asked for a person; human: a person took it over; closed: finished, expired or spam
                                 * @enum {string}
                                 */
                                state: "ai" | "waiting" | "human" | "closed";
                                /** @description state human: who has the conversation (a user id with their email where the answer knows it, or key:<id> for an API key) */
                                handledBy: {
                                    id: string;
                                    email?: string;
                                } | null;
                                /** @description state waiting: since when the conversation waits for a person */
                                waitingSince: string | null;
                                /** @description the workspace user the conversation is assigned to (their email where the answer knows it); null: unassigned */
                                assignee: {
                                    id: string;
                                    email?: string;
                                } | null;
                                /** @description the latest message shown in the conversation; null before any */
                                lastMessage: components["schemas"]["ConversationLastMessage"] | null;
                                /** @description the latest send failed, or the agent's latest turn did; null once a later send goes out */
                                failed: components["schemas"]["ConversationFailure"] | null;
                                /** @description the customer's messages after the signed-in person's read marker (POST /v1/conversations/{id}/read); null for an API key */
                                unreadCount: number | null;
                                messages: components["schemas"]["ConversationMessage"][];
                                operationChangedBy: {
                                    id: string;
                                    email?: string;
                                } | null;
                                operationChangedAt: string | null;
                            }[];
                            conversationsCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status?: "initiated" | "active" | "finished" | "spam" | "expired";
                    /** @enum {string} */
                    operation?: "automatic" | "assistance";
                    tags?: string[];
                    owners?: string[];
                    topic?: string | null;
                    takeFrom?: string;
                    assignee?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["ConversationSummary"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_counts: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            counts: {
                                /** @description conversations by state, as the list filters them with state= */
                                states: {
                                    ai: number;
                                    waiting: number;
                                    human: number;
                                    closed: number;
                                };
                                /** @description open conversations (not closed): assigned to the signed-in person (null for an API key), to nobody, all */
                                views: {
                                    mine: number | null;
                                    unassigned: number;
                                    all: number;
                                };
                                /** @description open conversations with customer messages the signed-in person has not read (null for an API key) */
                                unread: number | null;
                            };
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_messages: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                limit?: number;
                pageToken?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the conversation's canonical id */
                        conversationId: string;
                        /** @description the newest page first; chronological within a page */
                        messages: components["schemas"]["ConversationMessage"][];
                        /** @description the older messages; null at the first message */
                        nextPageToken: string | null;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_read: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversationId: string;
                        userId: string;
                        /** @description ISO 8601 */
                        readAt: string;
                        unreadCount: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_messages_flag: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    severity: "low" | "medium" | "high";
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            messageId: string;
                            conversationId: string;
                            clientId: string;
                            flag: components["schemas"]["MessageFlag"];
                            moderation: {
                                totalStrikes: number;
                                lastAction: ("warn" | "assist" | "spam") | null;
                                lastSource: ("lexicon" | "openai" | "llm_guardrail" | "supervisor") | null;
                                lastSeverity: ("low" | "medium" | "high") | null;
                                lastFlaggedAt: string | null;
                                lastCategories: string[];
                                lastMatchedTerms: string[];
                                blockedAt: string | null;
                                blockedBy: string | null;
                                blockedReason: string | null;
                            };
                            /** @enum {string} */
                            clientStatus: "active" | "blocked";
                            conversationStatus: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignment_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentSettings"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignment_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode?: "none" | "round_robin";
                    /** @description the signed-in user: whether round-robin assigns conversations to them */
                    available?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentSettings"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clients_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                q?: string;
                limit?: number;
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            clients: components["schemas"]["Client"][];
                            clientsCount: number;
                        }[];
                        nextPageToken: string | null;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clients_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            clients: components["schemas"]["Client"][];
                            clientsCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clients_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    status: "blocked";
                    reason?: string;
                } | {
                    /** @constant */
                    status: "active";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["Client"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    usage_conversations: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                startDate?: string;
                endDate?: string;
                breakdown?: "platform" | "agent" | "channel" | "tag";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            billingPeriod: {
                                /** @description ISO 8601, with the workspace timezone's offset */
                                startDate: string;
                                /** @description ISO 8601, with the workspace timezone's offset */
                                endDate: string;
                            };
                            credit: components["schemas"]["CreditUsage"];
                            conversations: components["schemas"]["ConversationUsage"];
                        }[];
                        workspacesCount: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    usage_actors: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            billingPeriod: {
                                /** @description ISO 8601, with the workspace timezone's offset */
                                startDate: string;
                                /** @description ISO 8601, with the workspace timezone's offset */
                                endDate: string;
                            };
                            credit: components["schemas"]["CreditUsage"];
                            actors: components["schemas"]["ActorUsage"];
                        }[];
                        workspacesCount: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversation_notes_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description oldest first */
                        notes: components["schemas"]["ConversationNote"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversation_notes_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the note; an @email of a workspace person mentions them */
                    text: string;
                    /** @description workspace people mentioned, by user id or email (beside the @emails in text) */
                    mentions?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["ConversationNote"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversation_notes_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["ConversationNote"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    canned_replies_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description by shortcut */
                        cannedReplies: components["schemas"]["CannedReply"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    canned_replies_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shortcut: string;
                    /** @description variables: {{contact.firstname}}, {{contact.lastname}}, {{contact.name}}, {{contact.email}}, {{contact.phone}}, {{agent.name}} */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["CannedReply"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    canned_replies_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["CannedReply"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    canned_replies_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shortcut?: string;
                    /** @description variables: {{contact.firstname}}, {{contact.lastname}}, {{contact.name}}, {{contact.email}}, {{contact.phone}}, {{agent.name}} */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["CannedReply"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_message_media: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                index?: number;
            };
            header?: never;
            path: {
                id: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A provider (Meta, the model) failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    chat_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                clientId?: string;
                agentId?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chats: components["schemas"]["ConversationSummary"][];
                        pagination: {
                            limit: number;
                            offset: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    chat_send: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message?: string;
                    attachments?: {
                        /** Format: uri */
                        url: string;
                        mimeType: string;
                        filename?: string;
                    }[];
                    agentId?: string;
                    conversationId?: string;
                    additionalInstructions?: string;
                    client?: {
                        id?: string;
                        name?: string;
                        firstname?: string;
                        lastname?: string;
                        /** Format: email */
                        email?: string;
                        phoneNumber?: string;
                        customFields?: {
                            [key: string]: string | number | boolean | null;
                        };
                    };
                    delay?: number;
                    /** Format: date-time */
                    scheduleAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        conversationId: string;
                        clientId: string;
                        agentId: string;
                        /** @enum {string} */
                        status: "completed" | "scheduled";
                        requestMessageId: string;
                        messages: {
                            id: string;
                            /** @constant */
                            role: "assistant";
                            content: string;
                            contentType: string;
                        }[];
                        reactivated?: boolean;
                        agentChanged?: boolean;
                        schedule?: {
                            taskId: string;
                            /** @description ISO 8601 */
                            scheduleAt: string;
                            delayMs?: number;
                        };
                        /** @description ISO 8601 */
                        timestamp: string;
                    };
                };
            };
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        conversationId: string;
                        clientId: string;
                        agentId: string;
                        /** @enum {string} */
                        status: "completed" | "scheduled";
                        requestMessageId: string;
                        messages: {
                            id: string;
                            /** @constant */
                            role: "assistant";
                            content: string;
                            contentType: string;
                        }[];
                        reactivated?: boolean;
                        agentChanged?: boolean;
                        schedule?: {
                            taskId: string;
                            /** @description ISO 8601 */
                            scheduleAt: string;
                            delayMs?: number;
                        };
                        /** @description ISO 8601 */
                        timestamp: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace reached its credit limit (`details`: `creditLimit`, `billableMessages`, `billingPeriod`) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A provider (Meta, the model) failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    chat_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        conversationId: string;
                        clientId: string;
                        agentId: string | null;
                        source: string | null;
                        canSendDirectMessage: boolean;
                        workspaceId: string;
                        channelId: string;
                        contactName: string | null;
                        phoneNumber: string | null;
                        topic: string | null;
                        platform: string;
                        /** @enum {string} */
                        status: "initiated" | "active" | "finished" | "spam" | "expired";
                        /** @enum {string} */
                        operation: "automatic" | "assistance";
                        messageCount: number;
                        owners: string[];
                        tags: string[];
                        /** @description ISO 8601 */
                        creationDate: string;
                        /** @description ISO 8601 */
                        lastUpdate: string;
                        /**
                         * @description ai: the agent answers; waiting: the agent asked for a person; human: a person took it over; closed: finished, expired or spam
                         * @enum {string}
                         */
                        state: "ai" | "waiting" | "human" | "closed";
                        /** @description state human: who has the conversation (a user id with their email where the answer knows it, or key:<id> for an API key) */
                        handledBy: {
                            id: string;
                            email?: string;
                        } | null;
                        /** @description state waiting: since when the conversation waits for a person */
                        waitingSince: string | null;
                        /** @description the workspace user the conversation is assigned to (their email where the answer knows it); null: unassigned */
                        assignee: {
                            id: string;
                            email?: string;
                        } | null;
                        /** @description the latest message shown in the conversation; null before any */
                        lastMessage: components["schemas"]["ConversationLastMessage"] | null;
                        /** @description the latest send failed, or the agent's latest turn did; null once a later send goes out */
                        failed: components["schemas"]["ConversationFailure"] | null;
                        /** @description the customer's messages after the signed-in person's read marker (POST /v1/conversations/{id}/read); null for an API key */
                        unreadCount: number | null;
                        messages: components["schemas"]["ChatMessage"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_turns_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TurnLog"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            agents: components["schemas"]["Agent"][];
                            agentsCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    channel?: string;
                    systemPrompt?: string;
                    /** Format: uri */
                    imageUrl?: string;
                    supportInformation?: {
                        supportAddress?: string | null;
                        supportEmail?: string | null;
                        supportPhone?: string | null;
                        serviceHours?: {
                            [key: string]: {
                                start: string;
                                end: string;
                                availability: string;
                            };
                        } | null;
                    };
                    assistanceTriggers?: string;
                    waitMessage?: string;
                    assistanceEnabled?: boolean;
                    recallLastConversation?: boolean;
                    enableFileAttachments?: boolean;
                    disableContextSummarization?: boolean | null;
                    workingMessage?: {
                        enabled?: boolean;
                        trigger?: {
                            /** @enum {string} */
                            type?: "toolCallCount" | "toolName" | "any";
                            minToolCalls?: number;
                            toolNames?: string[];
                            /** @enum {string} */
                            match?: "exact" | "prefix";
                        };
                        message?: {
                            enabled?: boolean;
                            /** @enum {string} */
                            mode?: "fixed" | "ai";
                            fixedText?: string;
                            aiPrompt?: string;
                        };
                        sticker?: {
                            enabled?: boolean;
                            url?: string | null;
                        };
                    };
                    owners?: string[];
                    requireEvaluation?: boolean;
                    readNotes?: boolean;
                    answerOnlyFromKnowledge?: boolean;
                    unknownAnswerMessage?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            agents: components["schemas"]["Agent"][];
                            agentsCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    channel?: string;
                    systemPrompt?: string;
                    channelId?: string | string[];
                    phoneNumber?: string | string[];
                    /** Format: uri */
                    imageUrl?: string;
                    supportInformation?: {
                        supportAddress?: string | null;
                        supportEmail?: string | null;
                        supportPhone?: string | null;
                        serviceHours?: {
                            [key: string]: {
                                start: string;
                                end: string;
                                availability: string;
                            };
                        } | null;
                    };
                    assistanceTriggers?: string;
                    waitMessage?: string;
                    assistanceEnabled?: boolean;
                    recallLastConversation?: boolean;
                    enableFileAttachments?: boolean;
                    disableContextSummarization?: boolean | null;
                    workingMessage?: {
                        enabled?: boolean;
                        trigger?: {
                            /** @enum {string} */
                            type?: "toolCallCount" | "toolName" | "any";
                            minToolCalls?: number;
                            toolNames?: string[];
                            /** @enum {string} */
                            match?: "exact" | "prefix";
                        };
                        message?: {
                            enabled?: boolean;
                            /** @enum {string} */
                            mode?: "fixed" | "ai";
                            fixedText?: string;
                            aiPrompt?: string;
                        };
                        sticker?: {
                            enabled?: boolean;
                            url?: string | null;
                        };
                    };
                    owners?: string[];
                    requireEvaluation?: boolean;
                    readNotes?: boolean;
                    answerOnlyFromKnowledge?: boolean;
                    unknownAnswerMessage?: string;
                    /** Format: date-time */
                    expectedLastUpdate?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_copy: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_prompt_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activePromptId: string | null;
                        systemPrompt: string;
                        versions: {
                            id: string;
                            systemPrompt: string;
                            /** @description ISO 8601 */
                            createdAt: string;
                            note: string | null;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_prompt_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    systemPrompt: string;
                    note?: string;
                    /** @default true */
                    activate?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            activePromptId: string | null;
                            promptId?: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_prompt_activate: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    promptId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            activePromptId: string | null;
                            promptId?: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_guardrails_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guardrails"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_guardrails_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    rules?: string[];
                    message?: string;
                    conversationStrikeThreshold?: number;
                    clientStrikeThreshold?: number;
                    moderationEnabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["Guardrails"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_assist_rules_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssistRules"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_assist_rules_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assistanceTriggers?: string;
                    assistanceEnabled?: boolean;
                    waitMessage?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["AssistRules"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subagents: components["schemas"]["SubagentConnectionListed"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_connect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subagentId: string;
                    /** @enum {string} */
                    task?: "assist" | "delegate";
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    description?: string;
                    delegationCriteria?: string;
                    completionCriteria?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            connection: components["schemas"]["SubagentConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_available: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents: components["schemas"]["ConnectableAgent"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    systemPrompt?: string;
                    /** Format: uri */
                    imageUrl?: string;
                    /** @enum {string} */
                    task?: "assist" | "delegate";
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    description?: string;
                    delegationCriteria?: string;
                    completionCriteria?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            subagentId: string;
                            connection: components["schemas"]["SubagentConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_disconnect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
                subagentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_subagents_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
                subagentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    task?: "assist" | "delegate";
                    /** @enum {string} */
                    status?: "active" | "inactive";
                    description?: string;
                    delegationCriteria?: string;
                    completionCriteria?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            connection: components["schemas"]["SubagentConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_evaluations_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                promptId?: string;
                finished?: "true" | "false";
                limit?: number;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationList"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_evaluations_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    candidate: {
                        promptId?: string;
                        systemPrompt?: string;
                        model?: string;
                    };
                    sample: {
                        conversationIds?: string[];
                        last?: number;
                        /** Format: date-time */
                        from?: string;
                        /** Format: date-time */
                        to?: string;
                    };
                    /** @default [] */
                    checks?: ({
                        /** @constant */
                        kind: "must_mention";
                        text: string;
                        turnId?: string;
                        whenCustomerSays?: string;
                    } | {
                        /** @constant */
                        kind: "must_not_mention";
                        text: string;
                        turnId?: string;
                        whenCustomerSays?: string;
                    } | {
                        /** @constant */
                        kind: "must_call_tool";
                        tool: string;
                        turnId?: string;
                        whenCustomerSays?: string;
                    } | {
                        /** @constant */
                        kind: "must_not_call_tool";
                        tool: string;
                        turnId?: string;
                        whenCustomerSays?: string;
                    } | {
                        /** @constant */
                        kind: "must_not_request_assistance";
                        turnId?: string;
                        whenCustomerSays?: string;
                    })[];
                    judge?: {
                        rubric: string;
                        model?: string;
                    };
                    /**
                     * @default {
                     *       "maxTurns": 200,
                     *       "maxTokens": 1000000
                     *     }
                     */
                    budget?: {
                        /** @default 200 */
                        maxTurns?: number;
                        /** @default 1000000 */
                        maxTokens?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_evaluations_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                agentId: string;
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationDetail"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_evaluations_cancel: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            connections: components["schemas"]["ModelConnection"][];
                            connectionsCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    provider: "openai_compatible" | "anthropic" | "google";
                    baseUrl?: string;
                    credential?: string;
                    models: components["schemas"]["ModelOffer"][];
                    default?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            connection: components["schemas"]["ModelConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            connection: components["schemas"]["ModelConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    baseUrl?: string | null;
                    credential?: string | null;
                    models?: components["schemas"]["ModelOffer"][];
                    default?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            connection: components["schemas"]["ModelConnection"];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    models_connections_test: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelConnectionTest"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_models_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentModels"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_models_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reply?: components["schemas"]["ModelRef"] | null;
                    guardrail?: components["schemas"]["ModelRef"] | null;
                    summary?: components["schemas"]["ModelRef"] | null;
                    fallback?: components["schemas"]["ModelRef"][];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["AgentModels"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    usage_models: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            models: components["schemas"]["ModelUsage"];
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_tools_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: string;
                        count: number;
                        tools: components["schemas"]["ToolConnection"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_tools_connect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    toolId: string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["ToolConnection"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_tools_available: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agentId: string;
                        count: number;
                        tools: ({
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            kind: "mcp" | "api" | "integration" | "legacy" | "knowledge";
                            parameters: {
                                [key: string]: unknown;
                            };
                            status: string;
                            mcpId: string | null;
                            mcpToolName: string | null;
                            integrationId: string | null;
                            installationId: string | null;
                            providerId: string | null;
                            providerToolName: string | null;
                            createdAt: string | null;
                            updatedAt: string | null;
                            isAlreadyConnected: boolean;
                            connectionStatus: ("active" | "inactive") | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_tools_disconnect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
                toolId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            agentId: string;
                            toolId: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    agents_tools_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                agentId: string;
                toolId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["ToolConnection"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                kind?: "mcp" | "api" | "integration" | "legacy" | "knowledge";
                mcpId?: string;
                integrationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        tools: components["schemas"]["CatalogTool"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                toolId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogTool"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_preview: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    headers?: {
                        [key: string]: string;
                    };
                    auth?: {
                        /** @constant */
                        type: "none";
                    } | {
                        /** @constant */
                        type: "bearer";
                        token: string;
                    } | {
                        /** @constant */
                        type: "oauth";
                        scope?: string;
                        clientId?: string;
                        clientSecret?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        /** @enum {string} */
                        transport: "streamable-http" | "sse";
                        protocolVersion: string | null;
                        serverInfo: ({
                            name: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        count: number;
                        tools: ({
                            name: string;
                            title: string | null;
                            description: string;
                            inputSchema: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        servers: components["schemas"]["McpServer"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_connect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    url: string;
                    headers?: {
                        [key: string]: string;
                    };
                    auth?: {
                        /** @constant */
                        type: "none";
                    } | {
                        /** @constant */
                        type: "bearer";
                        token: string;
                    } | {
                        /** @constant */
                        type: "oauth";
                        scope?: string;
                        clientId?: string;
                        clientSecret?: string;
                    };
                    limits?: {
                        /** @default 32000 */
                        maxBytes?: number;
                        /** @default 30000 */
                        timeoutMs?: number;
                        /** @default 70000 */
                        maxTimeoutMs?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            mcpId: string;
                            /** @enum {string} */
                            status: "active" | "error" | "authorization_required" | "authorization_lapsed";
                            name: string;
                            url: string;
                            transport: ("streamable-http" | "sse") | null;
                            protocolVersion: string | null;
                            serverInfo: ({
                                name: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            headers: string[];
                            /** @enum {string} */
                            auth: "none" | "bearer" | "oauth";
                            lastError: string | null;
                            lastRefreshAt: string | null;
                            toolCount: number;
                            installedCount: number;
                            createdAt: string;
                            updatedAt: string;
                            tools: {
                                mcpToolName: string;
                                description: string;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                installed: boolean;
                                toolId: string | null;
                                name: string | null;
                            }[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                mcpId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mcpId: string;
                        /** @enum {string} */
                        status: "active" | "error" | "authorization_required" | "authorization_lapsed";
                        name: string;
                        url: string;
                        transport: ("streamable-http" | "sse") | null;
                        protocolVersion: string | null;
                        serverInfo: ({
                            name: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        headers: string[];
                        /** @enum {string} */
                        auth: "none" | "bearer" | "oauth";
                        lastError: string | null;
                        lastRefreshAt: string | null;
                        toolCount: number;
                        installedCount: number;
                        createdAt: string;
                        updatedAt: string;
                        tools: {
                            mcpToolName: string;
                            description: string;
                            inputSchema: {
                                [key: string]: unknown;
                            };
                            installed: boolean;
                            toolId: string | null;
                            name: string | null;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_disconnect: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                mcpId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            mcpId: string;
                            removedTools: number;
                            removedAgentConnections: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_oauth_start: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                mcpId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mcpId: string;
                        authorizationUrl: string;
                        redirectUri: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_refresh: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                mcpId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            mcpId: string;
                            /** @enum {string} */
                            status: "active" | "error" | "authorization_required" | "authorization_lapsed";
                            name: string;
                            url: string;
                            transport: ("streamable-http" | "sse") | null;
                            protocolVersion: string | null;
                            serverInfo: ({
                                name: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            headers: string[];
                            /** @enum {string} */
                            auth: "none" | "bearer" | "oauth";
                            lastError: string | null;
                            lastRefreshAt: string | null;
                            toolCount: number;
                            installedCount: number;
                            createdAt: string;
                            updatedAt: string;
                            tools: {
                                mcpToolName: string;
                                description: string;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                installed: boolean;
                                toolId: string | null;
                                name: string | null;
                            }[];
                            added: string[];
                            updated: string[];
                            removed: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_mcp_sync: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                mcpId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tools: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            mcpId: string;
                            /** @enum {string} */
                            status: "active" | "error" | "authorization_required" | "authorization_lapsed";
                            name: string;
                            url: string;
                            transport: ("streamable-http" | "sse") | null;
                            protocolVersion: string | null;
                            serverInfo: ({
                                name: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            headers: string[];
                            /** @enum {string} */
                            auth: "none" | "bearer" | "oauth";
                            lastError: string | null;
                            lastRefreshAt: string | null;
                            toolCount: number;
                            installedCount: number;
                            createdAt: string;
                            updatedAt: string;
                            tools: {
                                mcpToolName: string;
                                description: string;
                                inputSchema: {
                                    [key: string]: unknown;
                                };
                                installed: boolean;
                                toolId: string | null;
                                name: string | null;
                            }[];
                            installed: string[];
                            uninstalled: string[];
                            removedAgentConnections: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        apis: {
                            id: string;
                            name: string;
                            toolName: string;
                            description: string;
                            /** @enum {string} */
                            status: "draft" | "enabled" | "paused";
                            method: string;
                            url: string;
                            variableCount: number;
                            lastTestOutcome: ("success" | "http-error" | "network-error" | "schema-error" | "mapping-error") | null;
                            lastTestAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description: string;
                    request: {
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        url: string;
                        /** @default [] */
                        params?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        /** @default [] */
                        headers?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        /**
                         * @default {
                         *       "mode": "none"
                         *     }
                         */
                        body?: {
                            /** @constant */
                            mode: "none";
                        } | {
                            /** @constant */
                            mode: "json";
                            raw: string | {
                                [key: string]: unknown;
                            } | unknown[];
                        } | {
                            /** @constant */
                            mode: "text";
                            raw: string;
                        } | {
                            /** @constant */
                            mode: "form-urlencoded";
                            pairs: {
                                key: string;
                                value: string;
                                enabled?: boolean;
                            }[];
                        };
                        /**
                         * @default {
                         *       "type": "none"
                         *     }
                         */
                        auth?: {
                            /** @constant */
                            type: "none";
                        } | {
                            /** @constant */
                            type: "bearer";
                            token: string;
                        } | {
                            /** @constant */
                            type: "basic";
                            username: string;
                            password: string;
                        } | {
                            /** @constant */
                            type: "apikey";
                            key: string;
                            value: string;
                            /**
                             * @default header
                             * @enum {string}
                             */
                            in?: "header" | "query";
                        };
                        /**
                         * @default {
                         *       "timeoutMs": 30000
                         *     }
                         */
                        settings?: {
                            /** @default 30000 */
                            timeoutMs?: number;
                        };
                    };
                    /** @default [] */
                    variables?: {
                        name: string;
                        /**
                         * @default string
                         * @enum {string}
                         */
                        type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
                        description?: string;
                        /** @default false */
                        required?: boolean;
                        /**
                         * @default ai
                         * @enum {string}
                         */
                        mode?: "ai" | "constant" | "context";
                        constantValue?: unknown;
                        /** @enum {string} */
                        contextField?: "phoneNumber" | "workspaceId" | "conversationId" | "agentId" | "agentName" | "channelId" | "lastMessages";
                        enum?: unknown[];
                        format?: string;
                        pattern?: string;
                        minLength?: number;
                        maxLength?: number;
                        minimum?: number;
                        maximum?: number;
                        items?: {
                            [key: string]: unknown;
                        };
                        default?: unknown;
                    }[];
                    /** @default false */
                    passContext?: boolean;
                    /**
                     * @default {
                     *       "lastMessagesN": 10
                     *     }
                     */
                    context?: {
                        /** @default 10 */
                        lastMessagesN?: number;
                    };
                    /**
                     * @default {
                     *       "bodyStrategy": "none"
                     *     }
                     */
                    mapping?: {
                        /**
                         * @default none
                         * @enum {string}
                         */
                        bodyStrategy?: "merge" | "replace" | "none";
                        extraBody?: {
                            [key: string]: unknown;
                        } | {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                    };
                    /**
                     * @default {
                     *       "strictPath": false,
                     *       "maxBytes": 32000
                     *     }
                     */
                    response?: {
                        path?: string;
                        /** @default false */
                        strictPath?: boolean;
                        include?: string[];
                        exclude?: string[];
                        /** @default 32000 */
                        maxBytes?: number;
                    };
                    /** @default null */
                    periodicAuth?: {
                        /** @default true */
                        enabled?: boolean;
                        url: string;
                        /**
                         * @default POST
                         * @enum {string}
                         */
                        method?: "GET" | "POST";
                        /** @default [] */
                        headers?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        body?: string;
                        /** @default access_token */
                        tokenPath?: string;
                        /** @default 3000 */
                        refreshSeconds?: number;
                        /**
                         * @default {
                         *       "in": "header",
                         *       "name": "Authorization",
                         *       "prefix": "Bearer "
                         *     }
                         */
                        inject?: {
                            /**
                             * @default header
                             * @enum {string}
                             */
                            in?: "header" | "query";
                            /** @default Authorization */
                            name?: string;
                            /** @default Bearer */
                            prefix?: string;
                        };
                    } | null;
                    /** @default null */
                    encryptPayload?: {
                        /** @default true */
                        enabled?: boolean;
                        key: string;
                        /**
                         * @default HS256
                         * @enum {string}
                         */
                        algorithm?: "HS256" | "HS384" | "HS512";
                        /** @default payload */
                        field?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            name: string;
                            toolName: string;
                            /** @constant */
                            status: "draft";
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomApi"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            removedAgentConnections: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    request?: {
                        /** @enum {string} */
                        method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        url: string;
                        /** @default [] */
                        params?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        /** @default [] */
                        headers?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        /**
                         * @default {
                         *       "mode": "none"
                         *     }
                         */
                        body?: {
                            /** @constant */
                            mode: "none";
                        } | {
                            /** @constant */
                            mode: "json";
                            raw: string | {
                                [key: string]: unknown;
                            } | unknown[];
                        } | {
                            /** @constant */
                            mode: "text";
                            raw: string;
                        } | {
                            /** @constant */
                            mode: "form-urlencoded";
                            pairs: {
                                key: string;
                                value: string;
                                enabled?: boolean;
                            }[];
                        };
                        /**
                         * @default {
                         *       "type": "none"
                         *     }
                         */
                        auth?: {
                            /** @constant */
                            type: "none";
                        } | {
                            /** @constant */
                            type: "bearer";
                            token: string;
                        } | {
                            /** @constant */
                            type: "basic";
                            username: string;
                            password: string;
                        } | {
                            /** @constant */
                            type: "apikey";
                            key: string;
                            value: string;
                            /**
                             * @default header
                             * @enum {string}
                             */
                            in?: "header" | "query";
                        };
                        /**
                         * @default {
                         *       "timeoutMs": 30000
                         *     }
                         */
                        settings?: {
                            /** @default 30000 */
                            timeoutMs?: number;
                        };
                    };
                    variables?: {
                        name: string;
                        /**
                         * @default string
                         * @enum {string}
                         */
                        type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
                        description?: string;
                        /** @default false */
                        required?: boolean;
                        /**
                         * @default ai
                         * @enum {string}
                         */
                        mode?: "ai" | "constant" | "context";
                        constantValue?: unknown;
                        /** @enum {string} */
                        contextField?: "phoneNumber" | "workspaceId" | "conversationId" | "agentId" | "agentName" | "channelId" | "lastMessages";
                        enum?: unknown[];
                        format?: string;
                        pattern?: string;
                        minLength?: number;
                        maxLength?: number;
                        minimum?: number;
                        maximum?: number;
                        items?: {
                            [key: string]: unknown;
                        };
                        default?: unknown;
                    }[];
                    passContext?: boolean;
                    context?: {
                        /** @default 10 */
                        lastMessagesN?: number;
                    };
                    mapping?: {
                        /**
                         * @default none
                         * @enum {string}
                         */
                        bodyStrategy?: "merge" | "replace" | "none";
                        extraBody?: {
                            [key: string]: unknown;
                        } | {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                    };
                    response?: {
                        path?: string;
                        /** @default false */
                        strictPath?: boolean;
                        include?: string[];
                        exclude?: string[];
                        /** @default 32000 */
                        maxBytes?: number;
                    };
                    periodicAuth?: {
                        /** @default true */
                        enabled?: boolean;
                        url: string;
                        /**
                         * @default POST
                         * @enum {string}
                         */
                        method?: "GET" | "POST";
                        /** @default [] */
                        headers?: {
                            key: string;
                            value: string;
                            enabled?: boolean;
                        }[];
                        body?: string;
                        /** @default access_token */
                        tokenPath?: string;
                        /** @default 3000 */
                        refreshSeconds?: number;
                        /**
                         * @default {
                         *       "in": "header",
                         *       "name": "Authorization",
                         *       "prefix": "Bearer "
                         *     }
                         */
                        inject?: {
                            /**
                             * @default header
                             * @enum {string}
                             */
                            in?: "header" | "query";
                            /** @default Authorization */
                            name?: string;
                            /** @default Bearer */
                            prefix?: string;
                        };
                    } | null;
                    encryptPayload?: {
                        /** @default true */
                        enabled?: boolean;
                        key: string;
                        /**
                         * @default HS256
                         * @enum {string}
                         */
                        algorithm?: "HS256" | "HS384" | "HS512";
                        /** @default payload */
                        field?: string;
                    } | null;
                    expectedVersion?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_test: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    dryRun?: boolean;
                    /** @default {} */
                    input?: {
                        [key: string]: unknown;
                    };
                    /** @default {} */
                    context?: {
                        phoneNumber?: string | null;
                        workspaceId?: string | null;
                        conversationId?: string | null;
                        agentId?: string | null;
                        agentName?: string | null;
                        channelId?: string | null;
                        messages?: (string | {
                            role: string;
                            content: string;
                        })[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            /** @enum {string} */
                            outcome: "success" | "http-error" | "network-error" | "schema-error" | "mapping-error";
                            httpStatus: number | null;
                            durationMs: number;
                            request: {
                                method: string;
                                url: string;
                            } & {
                                [key: string]: unknown;
                            };
                            response: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_enable: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            toolId: string;
                            /** @constant */
                            status: "enabled";
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_apis_pause: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "draft" | "enabled" | "paused";
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_providers: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        providers: components["schemas"]["IntegrationProvider"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        installations: components["schemas"]["IntegrationInstallation"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_install: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    providerId: string;
                    name?: string;
                    /** @default {} */
                    settings?: {
                        [key: string]: string;
                    };
                    credentials?: {
                        apiKey: string;
                    };
                    tools?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["IntegrationInstallation"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationInstallation"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_uninstall: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            installationId: string;
                            removedTools: number;
                            removedAgentConnections: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    settings?: {
                        [key: string]: string;
                    };
                    credentials?: {
                        apiKey: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["IntegrationInstallation"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_oauth_start: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        installationId: string;
                        authorizationUrl: string;
                        redirectUri: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_sync: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tools: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            installationId: string;
                            providerId: string;
                            name: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "authorization_required" | "authorization_lapsed";
                            /** @enum {string} */
                            auth: "api_key" | "oauth2";
                            authorized: boolean;
                            authorizationExpiresAt: string | null;
                            settings: {
                                [key: string]: string;
                            };
                            lastError: string | null;
                            installedCount: number;
                            tools: {
                                providerToolName: string;
                                description: string;
                                parameters: {
                                    [key: string]: unknown;
                                };
                                installed: boolean;
                                toolId: string | null;
                                name: string | null;
                            }[];
                            createdAt: string;
                            updatedAt: string;
                            installed: string[];
                            uninstalled: string[];
                            removedAgentConnections: number;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_pause: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["IntegrationInstallation"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tools_integrations_resume: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["IntegrationInstallation"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description by name */
                        data: components["schemas"]["KnowledgeBase"][];
                        pagination: {
                            limit: number;
                            offset: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    /**
                     * @description the default language of its sources (es when not given)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeBase"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBase"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeBase"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /**
                     * @description the text search language: es (Spanish) or en (English)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeBase"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description newest first */
                        data: components["schemas"]["KnowledgeSource"][];
                        pagination: {
                            limit: number;
                            offset: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    kind: "text";
                    /** @description the entry’s title (the first element of its chunks’ title path) */
                    title: string;
                    /** @description plain text or Markdown */
                    text: string;
                    /**
                     * @description the text search language: es (Spanish) or en (English)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                } | {
                    /** @constant */
                    kind: "file";
                    /** @description shown as the source’s title; the type is read from the content, not the name */
                    fileName: string;
                    /** @description the file’s bytes, base64: PDF, DOCX, HTML, Markdown or plain text (UTF-8) */
                    contentBase64: string;
                    /**
                     * @description the text search language: es (Spanish) or en (English)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                } | {
                    /** @constant */
                    kind: "website";
                    /** Format: uri */
                    url: string;
                    /**
                     * @default page
                     * @enum {string}
                     */
                    mode?: "page" | "sitemap" | "crawl";
                    /**
                     * @description the most pages one crawl indexes
                     * @default 50
                     */
                    maxPages?: number;
                    /**
                     * @description re-crawl on this schedule (only changed pages are re-indexed); null: on demand only
                     * @default null
                     */
                    recrawlEveryHours?: number | null;
                    /**
                     * @description the text search language: es (Spanish) or en (English)
                     * @enum {string}
                     */
                    language?: "es" | "en";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeSource"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeSource"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeSource"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @description text sources only */
                    text?: string;
                    /** @description website sources only */
                    maxPages?: number;
                    /** @description website sources only */
                    recrawlEveryHours?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeSource"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_sources_reindex: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeSource"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_source_pages_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                baseId: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description by URL */
                        data: components["schemas"]["KnowledgePage"][];
                        pagination: {
                            limit: number;
                            offset: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_bases_search: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                baseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                    /** @default 5 */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        query: string;
                        /**
                         * @description unavailable: the embeddings endpoint failed; text search alone answered
                         * @enum {string}
                         */
                        vectorSearch: "used" | "not-configured" | "unavailable";
                        /** @description best first */
                        data: components["schemas"]["KnowledgeChunkHit"][];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_proposals_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                state?: "pending" | "accepted" | "discarded";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description newest first */
                        data: components["schemas"]["KnowledgeProposal"][];
                        pagination: {
                            limit: number;
                            offset: number;
                            hasMore: boolean;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_proposals_get: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeProposal"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_proposals_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    question?: string;
                    answer?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeProposal"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_proposals_accept: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the knowledge base (kb_…) the entry is added to, as a text source */
                    baseId: string;
                    /** @description the entry’s title; the question (cut at 120 characters) when not given */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeProposal"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    knowledge_proposals_discard: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                proposalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: components["schemas"]["KnowledgeProposal"];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_reply_draft: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplyDraft"];
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    conversations_reply_draft_outcome: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
                draftId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the person sent a reply from the draft */
                    used: boolean;
                    /** @description with used: the text sent; the same text as drafted (spaces aside) counts as as_drafted, another as edited */
                    sentText?: string;
                    /** @description with used: the message sent */
                    messageId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        draftId: string;
                        /** @enum {string} */
                        outcome: "as_drafted" | "edited" | "not_used";
                        /** @description ISO 8601 */
                        decidedAt: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    usage_reply_drafts: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description drafts made in the range */
                        drafted: number;
                        /** @description sent unchanged */
                        asDrafted: number;
                        /** @description sent after changes */
                        edited: number;
                        /** @description dropped by the person */
                        notUsed: number;
                        /** @description no outcome recorded (yet) */
                        pending: number;
                        /** @description 100 × (asDrafted + edited) / drafted; 0 when none */
                        usedRate: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    campaigns_send: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: {
                /** @description A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes. */
                "Idempotency-Key"?: string;
            };
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    channelId: string;
                    responderAgentId?: string;
                    template: {
                        name?: string;
                        language?: string;
                        params?: string[];
                        /** @enum {string} */
                        type?: "image" | "video" | "document";
                        /** Format: uri */
                        file?: string;
                        buttons?: {
                            index: number;
                            /** @default button */
                            type?: string;
                            /** @enum {string} */
                            sub_type?: "url" | "phone_number" | "quick_reply" | "otp";
                            text?: string;
                            placeholder?: string;
                            parameters: {
                                type: string;
                                text: string;
                                url?: string;
                                selectedFields?: string[];
                            }[];
                        }[];
                        scheduledDates?: string[];
                        sendToProblematic?: boolean;
                        sendToUndeliverable?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            /** @constant */
                            status: "queued";
                            runId: string;
                            runIds: string[];
                            recipients: number;
                            excluded: number;
                            exclusions: {
                                blocked: number;
                                problematic: number;
                                undeliverable: number;
                            };
                            scheduledDates: string[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace reached its credit limit (`details`: `creditLimit`, `billableMessages`, `billingPeriod`) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    campaigns_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            campaignsCount: number;
                            campaigns: components["schemas"]["Campaign"][];
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    campaigns_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                campaignId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @enum {string} */
                    category?: "marketing" | "utility";
                    /** @enum {string} */
                    platform?: "whatsapp";
                    templateName?: string | null;
                    message?: string | null;
                    template?: {
                        [key: string]: unknown;
                    } | null;
                    language?: string | null;
                    templateLanguage?: string | null;
                    wabaId?: string | null;
                    owners?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            title: string;
                            category: string;
                            platform: string;
                            templateName: string | null;
                            owners: string[];
                            lastUpdate: string;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the resource’s state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    campaigns_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                q?: string;
                limit?: number;
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaigns: components["schemas"]["CampaignListItem"][];
                        count: number;
                        nextPageToken?: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    campaigns_run_recipients_list: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
                status?: string;
                limit?: number;
                pageToken?: string;
            };
            header?: never;
            path: {
                campaignId: string;
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        campaignId: string;
                        runId: string;
                        recipients: components["schemas"]["CampaignRunRecipient"][];
                        count: number;
                        nextPageToken?: string;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            webhooks: {
                                id: string;
                                workspaceId: string;
                                name: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                secret: string;
                                headers: {
                                    [key: string]: string;
                                };
                                disabledReason: string | null;
                                disabledAt: string | null;
                                creationDate: string;
                                lastUpdate: string;
                            }[];
                            webhooksCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_create: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    url: string;
                    events: string[];
                    active?: boolean;
                    secret?: string;
                    headers?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_get: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: {
                            id: string;
                            name: string;
                            webhooks: {
                                id: string;
                                workspaceId: string;
                                name: string;
                                url: string;
                                events: string[];
                                active: boolean;
                                secret: string;
                                headers: {
                                    [key: string]: string;
                                };
                                disabledReason: string | null;
                                disabledAt: string | null;
                                creationDate: string;
                                lastUpdate: string;
                            }[];
                            webhooksCount: number;
                        }[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_delete: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_update: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    url?: string;
                    events?: string[];
                    active?: boolean;
                    secret?: string;
                    headers?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            workspaceId: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_deliveries_list: {
        parameters: {
            query?: {
                /** @description Restricts the answer to one of the credential’s workspaces */
                workspace?: string;
                limit?: string;
                offset?: string;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        workspaceId: string;
                        deliveries: {
                            id: string;
                            webhookId: string;
                            eventId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                            attemptCount: number;
                            nextAttemptAt: string | null;
                            deliveredAt: string | null;
                            createdAt: string;
                            attempts: {
                                attempt: number;
                                attemptedAt: string;
                                statusCode: number | null;
                                durationMs: number;
                                error: string | null;
                                responseExcerpt: string | null;
                            }[];
                        }[];
                        deliveriesCount: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooks_deliveries_retry: {
        parameters: {
            query?: {
                /** @description Required when the credential covers several workspaces (GET /v1/workspaces lists them) */
                workspace?: string;
            };
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the work runs later */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "success";
                        message: string;
                        data: {
                            id: string;
                            webhookId: string;
                            eventId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                            attemptCount: number;
                            nextAttemptAt: string | null;
                            deliveredAt: string | null;
                            createdAt: string;
                            attempts: {
                                attempt: number;
                                attemptedAt: string;
                                statusCode: number | null;
                                durationMs: number;
                                error: string | null;
                                responseExcerpt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No permission, or an OAuth token without the write scope (`insufficient_scope`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A path parameter is too long */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The owning service did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    admin_seed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspace: {
                        name: string;
                        /** @default America/Mexico_City */
                        timezone?: string;
                        creditLimit?: number | null;
                    };
                    /** @default [] */
                    users?: {
                        /** Format: email */
                        email: string;
                        name?: string;
                        password?: string;
                        /** @enum {string} */
                        role?: "admin" | "agent";
                    }[];
                    /** @default [] */
                    apiKeys?: {
                        ref?: string;
                        name: string;
                        /** Format: email */
                        ownerEmail?: string;
                        /** @default 30 */
                        rateLimitPerSecond?: number;
                    }[];
                    /** @default [] */
                    customFields?: {
                        key: string;
                        /**
                         * @default string
                         * @enum {string}
                         */
                        type?: "string" | "number" | "boolean" | "date";
                        /** @default true */
                        active?: boolean;
                    }[];
                    /** @default [] */
                    channels?: ({
                        ref?: string;
                        /** @constant */
                        platform: "whatsapp";
                        name: string;
                        phoneNumber: string;
                        phoneNumberId: string;
                        wabaId: string;
                        defaultAgentRef?: string;
                        accessToken: string;
                        appSecret: string;
                        verifyToken: string;
                    } | {
                        ref?: string;
                        /** @enum {string} */
                        platform: "instagram" | "facebook";
                        name: string;
                        pageId: string;
                        defaultAgentRef?: string;
                        accessToken: string;
                        appSecret: string;
                        verifyToken: string;
                    })[];
                    /** @default [] */
                    agents?: ({
                        ref?: string;
                        name: string;
                        /**
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "inactive";
                        /** @default  */
                        systemPrompt?: string;
                        /** @default [] */
                        channelRefs?: string[];
                        /** @default [] */
                        owners?: string[];
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @default [] */
                    templates?: {
                        ref?: string;
                        channelRef: string;
                        name: string;
                        language: string;
                        /** @enum {string} */
                        category: "marketing" | "utility" | "authentication";
                        /**
                         * @default approved
                         * @enum {string}
                         */
                        status?: "approved" | "pending" | "rejected";
                        body: string;
                        header?: {
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "document";
                            text?: string;
                        };
                        footer?: string;
                        /** @default [] */
                        buttons?: {
                            /** @enum {string} */
                            type: "url" | "phone_number" | "quick_reply" | "otp";
                            text: string;
                            url?: string;
                            phoneNumber?: string;
                        }[];
                    }[];
                    /** @default [] */
                    campaigns?: {
                        ref?: string;
                        title: string;
                        /** @enum {string} */
                        category: "marketing" | "utility";
                        /**
                         * @default whatsapp
                         * @enum {string}
                         */
                        platform?: "whatsapp" | "instagram" | "facebook";
                        templateRef?: string;
                        message?: string;
                        /** @default [] */
                        owners?: string[];
                        /** @default [] */
                        audience?: {
                            phoneNumber: string;
                            name?: string;
                            params?: string[];
                        }[];
                    }[];
                    /** @default [] */
                    clients?: ({
                        ref?: string;
                        phoneNumber: string;
                        name?: string;
                        /** Format: email */
                        email?: string;
                        /**
                         * @default active
                         * @enum {string}
                         */
                        status?: "active" | "blocked";
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @default [] */
                    allowedTerms?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    admin_tokens_mint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    userEmail: string;
                    workspaceIds: string[];
                    scopes: ("platica:read" | "platica:write")[];
                    /** @default 3600 */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        expiresAt: string;
                        scopes: string[];
                        workspaceIds: string[];
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    admin_workspaces_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    creditLimit: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        timezone: string;
                        creditLimit: number | null;
                    };
                };
            };
            /** @description Validation error or bad format; `details` lists `{path, message}` per failing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (also for another workspace’s resources and workspaces the credential does not cover) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large for the forwarding path */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: send application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error; `details.errorId` is logged */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented yet */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
