import { redactSecrets, SHOWN_RESULT_CHARS, shownToolCall } from './tool-call-redaction';

describe('a tool call as the turn log shows it', () => {
  it('redacts values under secret-looking names at any depth, and keeps the rest', () => {
    expect(
      redactSecrets({
        city: 'Tijuana',
        password: 'hunter2',
        auth: { apiKey: 'sk_live_1', Authorization: 'Bearer x', user: 'ana' },
        cards: [{ card_number: '4111111111111111', last4: '1111' }],
      }),
    ).toEqual({
      city: 'Tijuana',
      password: '[redacted]',
      auth: { apiKey: '[redacted]', Authorization: '[redacted]', user: 'ana' },
      cards: [{ card_number: '[redacted]', last4: '1111' }],
    });
    expect(redactSecrets('plain text')).toBe('plain text');
  });

  it('redacts every spelling of a password, but not names that merely hold "pass" (a knowledge search\'s passages)', () => {
    const credentials = ['password', 'userPassword', 'passwd', 'db_passwd', 'passkey', 'passphrase', 'pass', 'smtp_pass', 'dbPass', 'pwd'];
    const shown = redactSecrets({
      ...Object.fromEntries(credentials.map((name) => [name, 's3cret'])),
      passages: [{ text: 'Los pedidos llegan en 3 a 5 días.' }],
      passenger: 'Ana',
      passport_office: 'Tijuana',
    });
    expect(shown).toEqual({
      ...Object.fromEntries(credentials.map((name) => [name, '[redacted]'])),
      passages: [{ text: 'Los pedidos llegan en 3 a 5 días.' }],
      passenger: 'Ana',
      passport_office: 'Tijuana',
    });
  });

  it('shows the arguments and the result as JSON text, cut past its bound; null where nothing was recorded', () => {
    expect(shownToolCall({ input: { city: 'Tijuana' }, output: { forecast: 'soleado', token: 't' } })).toEqual({
      arguments: { city: 'Tijuana' },
      result: '{"forecast":"soleado","token":"[redacted]"}',
    });
    const long = shownToolCall({ input: {}, output: 'x'.repeat(5_000) });
    expect(long.result).toHaveLength(SHOWN_RESULT_CHARS);
    expect(long.result!.endsWith('…')).toBe(true);
    expect(shownToolCall({})).toEqual({ arguments: null, result: null });
    expect(shownToolCall({ input: { q: 1 }, output: null })).toEqual({ arguments: { q: 1 }, result: 'null' });
  });
});
