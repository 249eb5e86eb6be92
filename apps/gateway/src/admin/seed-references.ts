import type { SeedDocument } from '@platica/contracts';
import { DomainError, type FieldIssue } from '@platica/errors';

/**
 * Checks what the schema cannot: refs point at items of the same document, refs are
 * unique per section, and owners are users of the workspace (in the document or already there).
 */
export function checkSeedReferences(doc: SeedDocument, existingMemberEmails: Set<string>): void {
  const issues: FieldIssue[] = [];
  const users = new Set([...existingMemberEmails, ...doc.users.map((u) => u.email.toLowerCase())]);
  const refsOf = (section: 'channels' | 'agents' | 'templates', items: { ref?: string }[]) => {
    const refs = new Set<string>();
    items.forEach((item, index) => {
      if (item.ref === undefined) return;
      if (refs.has(item.ref)) issues.push({ path: [section, index, 'ref'], message: `duplicate ref "${item.ref}"` });
      refs.add(item.ref);
    });
    return refs;
  };
  const channels = refsOf('channels', doc.channels);
  const agents = refsOf('agents', doc.agents);
  const templates = refsOf('templates', doc.templates);
  const requireRef = (refs: Set<string>, value: string | undefined, path: (string | number)[], what: string) => {
    if (value !== undefined && !refs.has(value)) issues.push({ path, message: `no ${what} with ref "${value}" in the document` });
  };
  const requireUsers = (emails: string[], path: (string | number)[]) =>
    emails.forEach((email, i) => {
      if (!users.has(email.toLowerCase())) issues.push({ path: [...path, i], message: `"${email}" is not a user of the workspace` });
    });

  doc.apiKeys.forEach((key, i) => {
    const owner = key.ownerEmail ?? doc.users[0]?.email;
    if (!owner) issues.push({ path: ['apiKeys', i, 'ownerEmail'], message: 'required when the document has no users' });
    else if (!users.has(owner.toLowerCase()))
      issues.push({ path: ['apiKeys', i, 'ownerEmail'], message: `"${owner}" is not a user of the workspace` });
  });
  doc.channels.forEach((channel, i) => requireRef(agents, channel.defaultAgentRef, ['channels', i, 'defaultAgentRef'], 'agent'));
  doc.agents.forEach((agent, i) => {
    agent.channelRefs.forEach((ref, j) => requireRef(channels, ref, ['agents', i, 'channelRefs', j], 'channel'));
    requireUsers(agent.owners, ['agents', i, 'owners']);
  });
  doc.templates.forEach((template, i) => requireRef(channels, template.channelRef, ['templates', i, 'channelRef'], 'channel'));
  doc.campaigns.forEach((campaign, i) => {
    requireRef(templates, campaign.templateRef, ['campaigns', i, 'templateRef'], 'template');
    requireUsers(campaign.owners, ['campaigns', i, 'owners']);
  });
  if (issues.length > 0) throw DomainError.validation(issues, 'Invalid seed document');
}
