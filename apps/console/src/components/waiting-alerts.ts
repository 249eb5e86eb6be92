import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onAssistanceRequested, type AssistanceRequest } from '../api/live-updates';

/**
 * Nobody misses a waiting customer (issue 49 item 6): when the event stream says an agent asked
 * for a person (`conversation.assistance.requested`), a browser notification naming the contact
 * (the Notification API, asked for once from the inbox's "Notify me" button) and, if chosen, a
 * short tone. Both are the person's settings, kept in this browser (localStorage), off until
 * turned on. One notification per conversation (its tag), so a person's several tabs show one.
 */
export type AlertSettings = { notify: boolean; sound: boolean };
const STORAGE_KEY = 'platica.console.alerts';
const OFF: AlertSettings = { notify: false, sound: false };

/** The settings as stored; anything unreadable is off. */
export function parseSettings(stored: string | null): AlertSettings {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    if (!value || typeof value !== 'object') return OFF;
    const { notify, sound } = value as Record<string, unknown>;
    return { notify: notify === true, sound: sound === true };
  } catch {
    return OFF;
  }
}

/** What a request for a person sets off: nothing, a notification, a tone, or both. */
export function alertsFor(
  settings: AlertSettings,
  context: { permission: NotificationPermission | 'unsupported'; visible: boolean; openConversationId: string | null },
  request: Pick<AssistanceRequest, 'conversationId'>,
): { notification: boolean; sound: boolean } {
  // The person already looking at that very conversation needs no alert about it.
  if (context.visible && context.openConversationId === request.conversationId) return { notification: false, sound: false };
  return { notification: settings.notify && context.permission === 'granted', sound: settings.sound };
}

const listeners = new Set<() => void>();
let cached: { stored: string | null; settings: AlertSettings } | null = null;

export function readSettings(): AlertSettings {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (cached?.stored !== stored) cached = { stored, settings: parseSettings(stored) };
  return cached.settings;
}

export function saveSettings(settings: AlertSettings): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  for (const listener of listeners) listener();
}

export function useAlertSettings(): AlertSettings {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readSettings);
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

/** A short two-note tone, made in the page (no file to fetch): an `AudioContext` the browser may refuse before a click. */
export function playTone(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.5);
    [880, 1320].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.15);
      tone.stop(audio.currentTime + 0.5);
    });
    window.setTimeout(() => void audio.close(), 1_000);
  } catch {
    // No sound: the notification and the title's count still say it.
  }
}

/** Alerts the person of the workspace's requests for a person while a page with live updates is open. */
export function useWaitingAlerts(workspaceId: string): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAssistanceRequested(workspaceId, (request) => {
        const open = /\/conversations\/([^/]+)$/.exec(window.location.pathname)?.[1] ?? null;
        const alerts = alertsFor(
          readSettings(),
          { permission: notificationPermission(), visible: document.visibilityState === 'visible', openConversationId: open },
          request,
        );
        if (alerts.sound) playTone();
        if (!alerts.notification) return;
        const notification = new Notification(t('alerts.title'), {
          body: t('alerts.body', { name: request.contactName ?? request.conversationId }),
          tag: `platica-waiting-${request.conversationId}`,
        });
        notification.onclick = () => {
          window.focus();
          void navigate(`/w/${workspaceId}/conversations/${request.conversationId}`);
          notification.close();
        };
      }),
    [workspaceId, navigate, t],
  );
}
