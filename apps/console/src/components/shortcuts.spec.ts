import { shortcutOf, type KeyPress } from './shortcuts';

/** A stand-in for a keydown's target: an element with a tag name, maybe editable, maybe inside an open dialog. */
const element = (tagName: string, { editable = false, inDialog = false } = {}) =>
  ({
    tagName,
    isContentEditable: editable,
    closest: (selector: string) => (selector === 'dialog[open]' && inDialog ? {} : null),
  }) as unknown as EventTarget;

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  defaultPrevented: false,
  target: element('BODY'),
  ...more,
});

describe('shortcutOf: which key press is a console shortcut', () => {
  it('reads /, j, k and ? pressed on the page', () => {
    expect(['/', 'j', 'k', '?'].map((key) => shortcutOf(press(key)))).toEqual(['/', 'j', 'k', '?']);
    expect(shortcutOf(press('x'))).toBeUndefined();
    expect(shortcutOf(press('J'))).toBeUndefined();
  });

  it('leaves the letters to a field being typed in: an input, a text area, a list box, an editable region', () => {
    for (const target of [element('INPUT'), element('TEXTAREA'), element('SELECT'), element('DIV', { editable: true })]) {
      expect(['/', 'j', 'k', '?'].map((key) => shortcutOf(press(key, { target })))).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it('takes Ctrl+Enter, Cmd+Enter and Escape from a field too', () => {
    const target = element('TEXTAREA');
    expect(shortcutOf(press('Enter', { target, ctrlKey: true }))).toBe('Mod+Enter');
    expect(shortcutOf(press('Enter', { target, metaKey: true }))).toBe('Mod+Enter');
    expect(shortcutOf(press('Escape', { target }))).toBe('Escape');
    // A plain Enter is a new line or a form's submit, Alt+Enter the system's.
    expect(shortcutOf(press('Enter', { target }))).toBeUndefined();
    expect(shortcutOf(press('Enter', { target, ctrlKey: true, altKey: true }))).toBeUndefined();
  });

  it("leaves the browser's own shortcuts alone: a letter with Ctrl, Cmd or Alt", () => {
    expect(shortcutOf(press('k', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(press('j', { metaKey: true }))).toBeUndefined();
    expect(shortcutOf(press('/', { altKey: true }))).toBeUndefined();
  });

  it('is nobody’s inside an open dialog, once taken by another handler, or while composing text', () => {
    expect(shortcutOf(press('Escape', { target: element('BUTTON', { inDialog: true }) }))).toBeUndefined();
    expect(shortcutOf(press('j', { target: element('BUTTON', { inDialog: true }) }))).toBeUndefined();
    expect(shortcutOf(press('j', { defaultPrevented: true }))).toBeUndefined();
    expect(shortcutOf(press('Escape', { isComposing: true }))).toBeUndefined();
  });

  it('treats a target that is not an element (the window) as the page', () => {
    expect(shortcutOf(press('/', { target: null }))).toBe('/');
    expect(shortcutOf(press('Escape', { target: {} as EventTarget }))).toBe('Escape');
  });
});
