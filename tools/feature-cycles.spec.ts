import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * Feature folders of an app (apps/<app>/src/<folder>/) depend on one another in one direction:
 * an import cycle between folders (type imports included: they tie the folders' designs as much)
 * means neither can change alone. This walks each app's relative imports, test files aside, and
 * reports every group of folders that reach one another.
 */
type Sources = Map<string, string>;

const testFile = /\.(spec|integration-spec|e2e-spec)\.ts$/;
const relativeImport = /^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm;

/** The folders of each group that import one another, e.g. [['conversations', 'messages']]; files at src/ itself are no feature. */
function featureCycles(sources: Sources): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, code] of sources) {
    const from = file.split('/')[0]!;
    if (!file.includes('/')) continue;
    for (const [, specifier] of code.matchAll(relativeImport)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!));
      const to = target.split('/')[0]!;
      if (target.startsWith('..') || !target.includes('/') || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return stronglyConnected(edges).filter((group) => group.length > 1);
}

/** Tarjan's strongly connected components of a directed graph, each sorted, in sorted order. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** An app's non-test TypeScript sources, by path relative to its src/. */
function appSources(app: string): Sources {
  const src = path.join(root, 'apps', app, 'src');
  const sources: Sources = new Map();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || testFile.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    sources.set(path.relative(src, file).split(path.sep).join('/'), readFileSync(file, 'utf8'));
  }
  return sources;
}

/**
 * Cycles not broken yet, each with its reason; the test fails when one is broken without being
 * taken off this list, as when any other appears.
 */
const knownCycles: Record<string, string[][]> = {};

describe('feature folders import one another in one direction', () => {
  it('finds a cycle through three folders, type imports included', () => {
    const sources: Sources = new Map([
      ['messages/send.service.ts', "import { ConversationRepository } from '../conversations/conversation.repository';\n"],
      ['conversations/conversation.repository.ts', "import { conversationCreated } from '../events/domain-events';\n"],
      ['events/domain-events.ts', "import type { Message } from '../messages/message.entity';\n"],
      ['clients/client.repository.ts', "import { conversationCreated } from '../events/domain-events';\n"],
      ['main.ts', "import { MessagingModule } from './messaging.module';\n"],
    ]);
    expect(featureCycles(sources)).toEqual([['conversations', 'events', 'messages']]);
  });

  it('finds a cycle of two folders through a re-export', () => {
    const sources: Sources = new Map([
      ['graph/graph-payloads.ts', "export { type OutboundContent } from '../messages/message-content';\n"],
      ['messages/graph-delivery.ts', "import {\n  whatsappMessage,\n} from '../graph/graph-payloads';\n"],
    ]);
    expect(featureCycles(sources)).toEqual([['graph', 'messages']]);
  });

  it('passes folders that depend one way, and imports inside a folder', () => {
    const sources: Sources = new Map([
      ['messages/send.service.ts', "import { ConversationRepository } from '../conversations/conversation.repository';\n"],
      ['conversations/conversation.repository.ts', "import { conversationCreated } from './domain-events';\n"],
      ['conversations/domain-events.ts', "import { domainEvent } from '@platica/contracts';\n"],
    ]);
    expect(featureCycles(sources)).toEqual([]);
  });

  const apps = readdirSync(path.join(root, 'apps'));
  it.each(apps)('apps/%s has no import cycle between its feature folders', (app) => {
    expect(featureCycles(appSources(app))).toEqual(knownCycles[app] ?? []);
  });
});

/** Files of an app handling one of its internal operations (`@Handles(internalOperations.<app>.…)`) outside `internal/`. */
function internalHandlersOutside(app: string, sources: Sources): string[] {
  const handles = new RegExp(`@Handles\\(\\s*internalOperations\\.${app}\\.`);
  return [...sources].filter(([file, code]) => handles.test(code) && !file.startsWith('internal/')).map(([file]) => file);
}

describe("messaging's handlers serving other services sit in one folder (internal/)", () => {
  it('reports a handler of an internal operation outside internal/, and passes one inside', () => {
    const handler = '@Handles(internalOperations.messaging.turnContext)\ncontext() {}\n';
    const sources: Sources = new Map([
      ['turns/turns.controller.ts', handler],
      ['internal/turns.controller.ts', handler],
      ['messages/messages.controller.ts', '@Handles(messagingOperations.send)\nsend() {}\n'],
    ]);
    expect(internalHandlersOutside('messaging', sources)).toEqual(['turns/turns.controller.ts']);
  });

  it('apps/messaging handles its internal operations in internal/ only', () => {
    expect(internalHandlersOutside('messaging', appSources('messaging'))).toEqual([]);
  });
});
