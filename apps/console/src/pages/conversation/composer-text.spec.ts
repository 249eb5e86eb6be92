import { contactValues, fillVariables, mentionAt, replaceTyped, slashAt } from './composer-text';

describe('the composer’s text', () => {
  const values = { contact: contactValues({ name: 'Marta López', email: 'marta@example.test' }), agent: { name: 'Ana' } };

  it('fills the contact’s and the agent’s variables, an unknown value empty and an unknown variable as written', () => {
    expect(fillVariables('Hola {{contact.firstname}}, soy {{ agent.name }} ({{contact.name}}).', values)).toBe(
      'Hola Marta, soy Ana (Marta López).',
    );
    expect(fillVariables('Tel: {{contact.phone}} {{contact.birthday}} {{order.id}}', values)).toBe(
      'Tel:  {{contact.birthday}} {{order.id}}',
    );
  });

  it('takes the name from first and last names, and the first name from the name', () => {
    expect(contactValues({ firstname: 'Ana', lastname: 'Ruiz' })).toMatchObject({ name: 'Ana Ruiz', firstname: 'Ana' });
    expect(contactValues({ name: null })).toMatchObject({ name: null, firstname: null });
  });

  it('finds the /shortcut being typed at the start or after a space, not inside a word or a URL', () => {
    expect(slashAt('/sal', 4)).toEqual({ start: 0, query: 'sal' });
    expect(slashAt('hola /', 6)).toEqual({ start: 5, query: '' });
    expect(slashAt('https://x.com/a', 15)).toBeNull();
    expect(slashAt('/sal más', 8)).toBeNull();
  });

  it('finds the @mention being typed, not an email address written in full', () => {
    expect(mentionAt('ask @be', 7)).toEqual({ start: 4, query: 'be' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail ana@x.com', 14)).toBeNull();
  });

  it('replaces what was typed by what was picked, the caret after it', () => {
    expect(replaceTyped('hola /sal!', 5, 9, 'Buen día')).toEqual({ text: 'hola Buen día!', caret: 13 });
  });
});
