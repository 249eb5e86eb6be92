import { mediaHeaders, type ServedMedia } from './media.endpoint';

const served = (mimeType: string, filename: string | null = null): ServedMedia => ({
  mimeType,
  filename,
  size: 3,
  data: new Uint8Array([1, 2, 3]),
});

describe('mediaHeaders', () => {
  it('shows images, audio and video inline, privately, never sniffed', () => {
    for (const type of ['image/jpeg', 'image/webp', 'audio/ogg', 'video/mp4']) {
      expect(mediaHeaders(served(type), 'msg_1', 300)).toEqual({
        'content-type': type,
        'content-length': '3',
        'cache-control': 'private, max-age=300',
        'content-disposition': 'inline',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    }
  });

  it('makes documents and anything a browser could run a download under its file name', () => {
    expect(mediaHeaders(served('application/pdf', 'factura de mayo.pdf'), 'msg_1', 300)['content-disposition']).toBe(
      `attachment; filename="factura de mayo.pdf"; filename*=UTF-8''factura%20de%20mayo.pdf`,
    );
    expect(mediaHeaders(served('text/html'), 'msg_1', 300)['content-disposition']).toBe(
      `attachment; filename="media-msg_1"; filename*=UTF-8''media-msg_1`,
    );
    expect(mediaHeaders(served('image/svg+xml', 'a.svg'), 'msg_1', 300)['content-disposition']).toMatch(/^attachment;/);
  });

  it('keeps a file name from breaking the header, and a malformed type from being answered', () => {
    const headers = mediaHeaders(served('text/html; charset=utf-8\r\nx-evil: 1', 'año "1"\\.pdf'), 'msg_1', 0);
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers['content-disposition']).toBe(`attachment; filename="a_o _1__.pdf"; filename*=UTF-8''a%C3%B1o%20%221%22%5C.pdf`);
    expect(headers['cache-control']).toBe('private, no-cache');
  });
});
