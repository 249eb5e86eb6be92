import type { Guardrails, WorkingMessage } from '@platica/contracts';

/** What a new agent starts with: rules off, conservative thresholds (ARCHITECTURE.md leaves them open). */
export const DEFAULT_GUARDRAILS: Guardrails = {
  enabled: false,
  rules: [],
  message: '',
  conversationStrikeThreshold: 3,
  clientStrikeThreshold: 5,
};

export const DEFAULT_WORKING_MESSAGE: WorkingMessage = {
  enabled: false,
  trigger: { type: 'toolCallCount', minToolCalls: 1, toolNames: [], match: 'exact' },
  message: { enabled: true, mode: 'fixed', fixedText: '', aiPrompt: '' },
  sticker: { enabled: false, url: null },
};
