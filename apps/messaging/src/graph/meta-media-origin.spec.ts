import { mediaUrlProblem } from './meta-media-origin';

const GRAPH = 'http://127.0.0.1:4010/v21.0';

describe('mediaUrlProblem', () => {
  it.each([
    'http://127.0.0.1:4010/whatsapp_business/attachments/?mid=1',
    'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&ext=2&hash=3',
    'https://lookaside.facebook.com/ig_messaging_cdn/?asset_id=1',
    'https://scontent.xx.fbcdn.net/v/t1.15752-9/photo.jpg?oh=1',
    'https://scontent-mad1-1.cdninstagram.com/v/photo.jpg',
  ])('follows %s', (url) => {
    expect(mediaUrlProblem(url, GRAPH)).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:4011/whatsapp_business/attachments/', 'https'],
    ['http://169.254.169.254/latest/meta-data/', 'https'],
    ['https://169.254.169.254/latest/meta-data/', 'not Meta'],
    ['http://lookaside.fbsbx.com/whatsapp_business/attachments/', 'https'],
    ['https://lookaside.fbsbx.com.evil.example/x', 'not Meta'],
    ['https://evilfbcdn.net/x', 'not Meta'],
    ['https://user:pass@lookaside.fbsbx.com/x', 'credentials'],
    ['file:///etc/passwd', 'https'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s', (url, why) => {
    expect(mediaUrlProblem(url, GRAPH)).toContain(why);
  });
});
