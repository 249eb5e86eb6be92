import { mediaKind, mediaRoute } from './media-route';

describe('a customer media in the console', () => {
  it('is shown by its type, else by its MIME type, else as a document', () => {
    expect(['image', 'sticker', 'audio', 'video', 'file'].map((type) => mediaKind(type))).toEqual([
      'image',
      'image',
      'audio',
      'video',
      'document',
    ]);
    // A Messenger attachment's file names its kind only by its MIME type.
    expect(mediaKind('file', 'audio/mpeg')).toBe('audio');
    expect(mediaKind('file', 'image/png')).toBe('image');
    expect(mediaKind('file', 'application/pdf')).toBe('document');
    expect(mediaKind('unknown')).toBe('document');
  });

  it("comes through the console's own API path, never a Graph URL, its ids escaped", () => {
    expect(mediaRoute('ws_1', 'conv/1', 'wamid.A=', 2)).toBe(
      '/console/api/v1/conversations/conv%2F1/messages/wamid.A%3D/media?workspace=ws_1&index=2',
    );
  });
});
