import { chatMessageContent, filenameOf } from './chat-message';

describe('chat message content', () => {
  it('is text without attachments, image when all are images, file otherwise', () => {
    expect(chatMessageContent('hola', [])).toMatchObject({ content: 'hola', contentType: 'text', images: [], files: [] });
    const png = { url: 'https://cdn.test/a/foto.png', mimeType: 'image/png' };
    const pdf = { url: 'https://cdn.test/docs/factura%20mayo.pdf?sig=1', mimeType: 'application/pdf', filename: 'mayo.pdf' };
    expect(chatMessageContent(null, [png])).toEqual({
      content: '',
      contentType: 'image',
      payload: {},
      images: [{ url: png.url, mimeType: 'image/png', filename: 'foto.png' }],
      files: [],
    });
    const both = chatMessageContent('mira', [png, pdf]);
    expect(both.contentType).toBe('file');
    expect(both.files).toEqual([{ url: pdf.url, mimeType: 'application/pdf', filename: 'mayo.pdf' }]);
  });

  it('derives the filename from the last path segment of the URL', () => {
    expect(filenameOf('https://cdn.test/docs/factura%20mayo.pdf?sig=1')).toBe('factura mayo.pdf');
    expect(filenameOf('https://cdn.test/')).toBe('attachment');
    expect(filenameOf('https://cdn.test/a/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
