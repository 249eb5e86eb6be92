import { seedDocumentSchema } from '@platica/contracts';
import { type DomainError } from '@platica/errors';
import { checkSeedReferences } from './seed-references';

const paths = (fn: () => void): string[] => {
  try {
    fn();
    return [];
  } catch (error) {
    return ((error as DomainError).details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
  }
};

describe('checkSeedReferences', () => {
  const base = {
    workspace: { name: 'Acme' },
    users: [{ email: 'ana@acme.test' }],
    channels: [
      {
        ref: 'wa',
        platform: 'whatsapp',
        name: 'WA',
        phoneNumber: '5215550000001',
        phoneNumberId: '1',
        wabaId: '2',
        accessToken: 't',
        appSecret: 's',
        verifyToken: 'v',
        defaultAgentRef: 'sofia',
      },
    ],
    agents: [{ ref: 'sofia', name: 'Sofía', channelRefs: ['wa'], owners: ['ana@acme.test'] }],
    templates: [{ ref: 'welcome', channelRef: 'wa', name: 'welcome', language: 'es_MX', category: 'utility', body: 'Hola {{1}}' }],
    campaigns: [{ title: 'Promo', category: 'marketing', templateRef: 'welcome', owners: ['ana@acme.test'] }],
  };

  it('accepts a document whose refs and owners resolve', () => {
    expect(paths(() => checkSeedReferences(seedDocumentSchema.parse(base), new Set()))).toEqual([]);
  });

  it('names each dangling ref, duplicate ref and unknown owner', () => {
    const doc = seedDocumentSchema.parse({
      ...base,
      channels: [{ ...base.channels[0], defaultAgentRef: 'nobody' }],
      agents: [base.agents[0], { ref: 'sofia', name: 'Copy', channelRefs: ['ig'], owners: ['ghost@acme.test'] }],
      templates: [{ ...base.templates[0], channelRef: 'fb' }],
      campaigns: [{ ...base.campaigns[0], templateRef: 'bye' }],
      apiKeys: [{ name: 'k', ownerEmail: 'ghost@acme.test' }],
    });
    expect(paths(() => checkSeedReferences(doc, new Set())).sort()).toEqual(
      [
        'agents.1.ref',
        'channels.0.defaultAgentRef',
        'agents.1.channelRefs.0',
        'agents.1.owners.0',
        'apiKeys.0.ownerEmail',
        'campaigns.0.templateRef',
        'templates.0.channelRef',
      ].sort(),
    );
  });

  it('accepts owners who are already users of the workspace', () => {
    const doc = seedDocumentSchema.parse({ workspace: { name: 'Acme' }, apiKeys: [{ name: 'k', ownerEmail: 'old@acme.test' }] });
    expect(paths(() => checkSeedReferences(doc, new Set(['old@acme.test'])))).toEqual([]);
  });

  it('needs an owner for a key when the document has no users', () => {
    const doc = seedDocumentSchema.parse({ workspace: { name: 'Acme' }, apiKeys: [{ name: 'k' }] });
    expect(paths(() => checkSeedReferences(doc, new Set()))).toEqual(['apiKeys.0.ownerEmail']);
  });
});
