/**
 * Clients that are part of Plática itself, registered by the gateway at start-up rather than
 * through open registration. Their users already trust them, so the consent page is skipped:
 * a sign-in grants every workspace of the user, read and write (what the console needs to
 * switch between workspaces). Their ids cannot collide with registered ones (`cli_` + a ULID).
 */
export const CONSOLE_CLIENT_ID = 'cli_console';

export function isFirstPartyClient(clientId: string): boolean {
  return clientId === CONSOLE_CLIENT_ID;
}
