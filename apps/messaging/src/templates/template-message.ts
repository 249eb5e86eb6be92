import type { SendTemplateRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode, type FieldIssue } from '@platica/errors';
import type { GraphBody, TemplateSend } from '../graph/graph-payloads';
import type { TemplateButton, TemplateHeader } from './template.entity';

export interface StoredTemplate {
  name: string;
  language: string;
  body: string;
  header: TemplateHeader | null | undefined;
  buttons: TemplateButton[];
}

/** The distinct `{{n}}` placeholders of a text, in order of n. */
export function placeholders(text: string | undefined): number[] {
  const found = new Set<number>();
  for (const match of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(match[1]));
  return [...found].sort((a, b) => a - b);
}

/** What `template.params` must count (ARCHITECTURE.md: the body's and a text header's placeholders). */
export function variableCount(template: StoredTemplate): number {
  const header = template.header?.type === 'text' ? placeholders(template.header.text).length : 0;
  return header + placeholders(template.body).length;
}

/** Only an approved template can be sent (422 naming its status otherwise). */
export function requireApproved(template: { name: string; status: string }): void {
  if (template.status === 'approved') return;
  throw DomainError.refused(
    ErrorCode.Unprocessable,
    DomainReason.TemplateNotApproved,
    `The template "${template.name}" is ${template.status}, not approved`,
    {
      template: template.name,
      status: template.status,
    },
  );
}

const MEDIA_HEADERS = new Set(['image', 'video', 'document']);

/**
 * Checks a template send against the stored template (params count, media, buttons by index)
 * and builds the Graph API's components. Params fill the text header's placeholders first,
 * then the body's, in order. Answers the components and the text the customer reads.
 */
export function buildTemplateSend(
  template: StoredTemplate,
  request: SendTemplateRequest['template'],
): { send: TemplateSend; text: string } {
  const issues: FieldIssue[] = [];
  const params = request.params ?? [];
  const expected = variableCount(template);
  if (params.length !== expected) {
    issues.push({
      path: ['template', 'params'],
      message: `the template "${template.name}" has ${expected} variable(s); ${params.length} given`,
    });
  }
  const header = template.header ?? null;
  const needsMedia = header !== null && MEDIA_HEADERS.has(header.type);
  if (needsMedia && !request.file)
    issues.push({ path: ['template', 'file'], message: `the template's header needs a ${header.type}: send its URL as file` });
  if (request.type && (!needsMedia || request.type !== header.type)) {
    issues.push({
      path: ['template', 'type'],
      message: needsMedia ? `the template's header is a ${header.type}` : 'the template has no media header',
    });
  }
  for (const [i, button] of (request.buttons ?? []).entries()) {
    const stored = template.buttons[button.index];
    if (!stored) issues.push({ path: ['template', 'buttons', i, 'index'], message: `the template has no button ${button.index}` });
    else if (button.sub_type && button.sub_type !== stored.type) {
      issues.push({ path: ['template', 'buttons', i, 'sub_type'], message: `button ${button.index} is a ${stored.type} button` });
    }
  }
  if (new Set((request.buttons ?? []).map((b) => b.index)).size !== (request.buttons ?? []).length) {
    issues.push({ path: ['template', 'buttons'], message: 'each button index at most once' });
  }
  if (issues.length) throw DomainError.validation(issues, 'The template send does not match the template');

  const headerVars = header?.type === 'text' ? placeholders(header.text) : [];
  const bodyVars = placeholders(template.body);
  const headerParams = params.slice(0, headerVars.length);
  const bodyParams = params.slice(headerVars.length);

  const components: GraphBody[] = [];
  if (needsMedia && request.file) {
    components.push({ type: 'header', parameters: [{ type: header.type, [header.type]: { link: request.file } }] });
  } else if (headerParams.length) {
    components.push({ type: 'header', parameters: headerParams.map((text) => ({ type: 'text', text })) });
  }
  if (bodyParams.length) components.push({ type: 'body', parameters: bodyParams.map((text) => ({ type: 'text', text })) });
  for (const button of [...(request.buttons ?? [])].sort((a, b) => a.index - b.index)) {
    const stored = template.buttons[button.index]!;
    const subType = button.sub_type ?? stored.type;
    components.push({
      type: 'button',
      sub_type: subType,
      index: String(button.index),
      parameters: button.parameters.map((p) =>
        subType === 'quick_reply' || p.type === 'payload' ? { type: 'payload', payload: p.text } : { type: 'text', text: p.text },
      ),
    });
  }
  const fill = (text: string, vars: number[], values: string[]) =>
    text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole: string, n: string) => values[vars.indexOf(Number(n))] ?? whole);
  return { send: { name: template.name, language: template.language, components }, text: fill(template.body, bodyVars, bodyParams) };
}
