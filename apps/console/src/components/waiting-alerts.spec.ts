import { alertsFor, parseSettings } from './waiting-alerts';

describe('the alerts for a customer waiting', () => {
  it('reads the stored settings, anything unreadable off', () => {
    expect(parseSettings('{"notify":true,"sound":false}')).toEqual({ notify: true, sound: false });
    expect(parseSettings('{"notify":"yes","sound":true}')).toEqual({ notify: false, sound: true });
    for (const stored of [null, '', 'not json', '[]', 'null', '3']) expect(parseSettings(stored)).toEqual({ notify: false, sound: false });
  });

  const request = { conversationId: 'c1' };
  const away = { permission: 'granted' as const, visible: false, openConversationId: null };

  it('notifies only when turned on and the browser granted it; sounds only when chosen', () => {
    expect(alertsFor({ notify: true, sound: false }, away, request)).toEqual({ notification: true, sound: false });
    expect(alertsFor({ notify: false, sound: true }, away, request)).toEqual({ notification: false, sound: true });
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      expect(alertsFor({ notify: true, sound: false }, { ...away, permission }, request).notification).toBe(false);
    }
  });

  it('stays quiet for the person looking at that very conversation, not for another or a hidden tab', () => {
    const on = { notify: true, sound: true };
    expect(alertsFor(on, { ...away, visible: true, openConversationId: 'c1' }, request)).toEqual({ notification: false, sound: false });
    expect(alertsFor(on, { ...away, visible: true, openConversationId: 'c2' }, request)).toEqual({ notification: true, sound: true });
    expect(alertsFor(on, { ...away, visible: false, openConversationId: 'c1' }, request)).toEqual({ notification: true, sound: true });
  });
});
