import { escape, layout } from '../oauth/authorization-pages';

/** The invitation page: a plain form, no script (the sign-in pages' frame and policy). */
export function invitationPage(input: {
  action: string;
  token: string;
  workspaceName: string;
  email: string;
  role: string;
  /** The person has an account with a password: they confirm it instead of choosing one. */
  hasPassword: boolean;
  minPasswordLength: number;
  error?: string;
}): string {
  const described = input.error ? ' aria-describedby="form-error"' : '';
  const fields = input.hasPassword
    ? `<div class="field">
    <label for="password">Your password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required autofocus${described}>
  </div>`
    : `<div class="field">
    <label for="name">Your name</label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="100">
  </div>
  <div class="field">
    <label for="password">Choose a password (at least ${input.minPasswordLength} characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" minlength="${input.minPasswordLength}" required autofocus${described}>
  </div>`;
  return layout(
    `Join ${input.workspaceName} on Plática`,
    `<p>You were invited as <strong>${escape(input.role)}</strong>, with the email <strong>${escape(input.email)}</strong>.</p>
${input.error ? `<p id="form-error" role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="${escape(input.action)}">
  <input type="hidden" name="token" value="${escape(input.token)}">
  ${fields}
  <button type="submit">Join the workspace</button>
</form>`,
  );
}

export function invitationClosedPage(): string {
  return layout(
    'This invitation cannot be used',
    '<p role="alert">The link was used already, cancelled, replaced by a newer invitation or expired. Ask whoever invited you for a new one.</p>',
  );
}
