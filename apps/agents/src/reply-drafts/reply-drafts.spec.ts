import type { TurnHistoryItem } from '@platica/contracts';
import { customerQuestion, sameText } from './reply-drafts.service';
import { citedIn } from './reply-writer';

const item = (role: TurnHistoryItem['role'], content: string, status = 'sent'): TurnHistoryItem => ({
  id: `m-${content}`,
  role,
  content,
  contentType: 'text',
  images: [],
  files: [],
  status,
  createdAt: '2026-11-29T07:00:00Z',
});

const hit = (n: number) => ({ chunkId: `kc_${n}`, sourceId: 'ks_1', title: `T${n}`, titlePath: [`T${n}`], url: null, text: `text ${n}` });

describe('reply drafts', () => {
  it('searches with the customer’s messages after the latest reply, else their last one', () => {
    expect(
      customerQuestion([item('user', 'hola'), item('assistant', '¡Hola!'), item('user', '¿Envían'), item('user', 'a Canarias?')]),
    ).toBe('¿Envían\na Canarias?');
    expect(customerQuestion([item('user', '¿precio?'), item('assistant', '10 €')])).toBe('¿precio?');
    expect(customerQuestion([item('user', 'x'), item('assistant', 'no llegó', 'failed'), item('user', 'y')])).toBe('x\ny');
  });

  it('takes the [n] markers out and names the passages they cite; all passages when none is cited', () => {
    expect(citedIn('Sí, enviamos a Canarias [2]. Cuesta 9 € [1][2].', [hit(1), hit(2)])).toEqual({
      text: 'Sí, enviamos a Canarias. Cuesta 9 €.',
      used: [hit(1), hit(2)],
    });
    expect(citedIn('Sí [2].', [hit(1), hit(2)]).used).toEqual([hit(2)]);
    expect(citedIn('Sin marcas.', [hit(1)]).used).toEqual([hit(1)]);
    expect(citedIn('Fuera de rango [7].', [hit(1)]).text).toBe('Fuera de rango [7].');
  });

  it('counts a reply as drafted when only spaces differ, as edited otherwise', () => {
    expect(sameText('Sí,  enviamos\na Canarias. ', 'Sí, enviamos a Canarias.')).toBe(true);
    expect(sameText('Sí, enviamos a Canarias (5 días).', 'Sí, enviamos a Canarias.')).toBe(false);
  });
});
