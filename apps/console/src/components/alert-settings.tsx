import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationPermission, saveSettings, useAlertSettings } from './waiting-alerts';

/**
 * The person's alerts for a customer waiting (waiting-alerts.ts): a notification, asked of the
 * browser the first time it is turned on (a click: browsers refuse a prompt no one asked for),
 * and a sound. Each a switch that turns it off again.
 */
export function AlertSettings() {
  const { t } = useTranslation();
  const settings = useAlertSettings();
  const [permission, setPermission] = useState(notificationPermission);
  const toggleNotify = async (on: boolean) => {
    if (!on) return saveSettings({ ...settings, notify: false });
    const answer = permission === 'default' ? await Notification.requestPermission() : permission;
    setPermission(answer);
    if (answer === 'granted') saveSettings({ ...settings, notify: true });
  };
  return (
    <fieldset className="alert-settings">
      <legend className="visually-hidden">{t('alerts.legend')}</legend>
      {permission !== 'unsupported' && (
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={settings.notify && permission === 'granted'}
            disabled={permission === 'denied'}
            onChange={(event) => void toggleNotify(event.target.checked)}
          />
          {t('alerts.notify')}
        </label>
      )}
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={settings.sound}
          onChange={(event) => saveSettings({ ...settings, sound: event.target.checked })}
        />
        {t('alerts.sound')}
      </label>
      {permission === 'denied' && <small>{t('alerts.denied')}</small>}
    </fieldset>
  );
}
