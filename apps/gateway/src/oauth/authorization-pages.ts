import type { WorkspaceRef } from '@platica/contracts';
import type { PendingAuthorization } from './oauth-authorization.service';

/**
 * The login and consent pages: plain HTML forms (no JavaScript needed), every control with a
 * label, groups in fieldsets with legends, errors announced (role="alert").
 */

export function loginPage(input: { basePath: string; requestId: string; pending: PendingAuthorization; error?: string }): string {
  const { pending } = input;
  return layout(
    'Sign in to Plática',
    `<p><strong>${escape(clientLabel(pending))}</strong> wants to connect to your Plática workspaces. Sign in to choose what it may do.</p>
${alert(input.error)}
<form method="post" action="${escape(input.basePath)}/oauth/authorize/login">
  ${hidden(input.requestId, pending.csrfToken)}
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus${input.error ? ' aria-describedby="form-error"' : ''}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
  </div>
  <button type="submit">Sign in</button>
</form>
<p class="note">After signing in you will be sent back to <code>${escape(originOf(pending.redirectUri))}</code>.</p>`,
  );
}

export function consentPage(input: {
  basePath: string;
  requestId: string;
  pending: PendingAuthorization;
  email: string;
  workspaces: WorkspaceRef[];
  error?: string;
}): string {
  const { pending } = input;
  const canWrite = pending.scopes.includes('platica:write');
  const workspaces = input.workspaces.length
    ? input.workspaces
        .map(
          (w, i) => `<div class="choice">
      <input type="checkbox" id="ws-${i}" name="workspace" value="${escape(w.id)}" checked>
      <label for="ws-${i}">${escape(w.name)}</label>
    </div>`,
        )
        .join('\n    ')
    : '<p>You belong to no workspace yet: there is nothing to grant.</p>';
  return layout(
    'Allow access to Plática',
    `<p>Signed in as <strong>${escape(input.email)}</strong>.</p>
<p><strong>${escape(clientLabel(pending))}</strong> asks to use Plática on your behalf: conversations, messages, agents and tools of the workspaces you choose.</p>
${alert(input.error)}
<form method="post" action="${escape(input.basePath)}/oauth/authorize/consent">
  ${hidden(input.requestId, pending.csrfToken)}
  <fieldset>
    <legend>Workspaces it may reach</legend>
    ${workspaces}
  </fieldset>
  <fieldset>
    <legend>Access</legend>
    <div class="choice">
      <input type="radio" id="access-read" name="access" value="read"${canWrite ? '' : ' checked'}>
      <label for="access-read">Read only (<code>platica:read</code>): list and read, change nothing</label>
    </div>
    ${
      canWrite
        ? `<div class="choice">
      <input type="radio" id="access-write" name="access" value="write" checked>
      <label for="access-write">Read and write (<code>platica:read platica:write</code>): also send messages and change settings</label>
    </div>`
        : ''
    }
  </fieldset>
  <div class="actions">
    <button type="submit" name="decision" value="approve">Allow</button>
    <button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button>
  </div>
</form>
<p class="note">You will be sent back to <code>${escape(originOf(pending.redirectUri))}</code>. You can revoke this access at any time from the application.</p>`,
  );
}

export function errorPage(message: string): string {
  return layout('This authorization request cannot continue', `<p role="alert">${escape(message)}</p>`);
}

/** The pages' one frame (also the invitation page's, apps/gateway/src/team): no script, inline styles only. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1c1e21; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .field { margin: 1rem 0; }
  .field label { display: block; font-weight: 600; margin-bottom: .3rem; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .55rem; font-size: 1rem; border: 1px solid #8a8f98; border-radius: 4px; }
  fieldset { border: 1px solid #d0d4da; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  legend { font-weight: 600; padding: 0 .3rem; }
  .choice { margin: .5rem 0; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: 4px; border: 0; background: #1a56db; color: #fff; cursor: pointer; }
  button.secondary { background: #e4e6eb; color: #1c1e21; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  .actions { display: flex; gap: .75rem; }
  [role=alert] { background: #fdecea; color: #8a1c12; padding: .6rem .8rem; border-radius: 4px; }
  .note { color: #4b4f56; font-size: .9rem; }
</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function hidden(requestId: string, csrfToken: string): string {
  return `<input type="hidden" name="request" value="${escape(requestId)}">
  <input type="hidden" name="csrf_token" value="${escape(csrfToken)}">`;
}

function alert(message: string | undefined): string {
  return message ? `<p id="form-error" role="alert">${escape(message)}</p>` : '';
}

function clientLabel(pending: PendingAuthorization): string {
  return pending.clientName?.trim() || `An application at ${originOf(pending.redirectUri)}`;
}

function originOf(uri: string): string {
  try {
    return new URL(uri).origin;
  } catch {
    return uri;
  }
}

export function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
