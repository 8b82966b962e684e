import { parseBasicAuth } from './basic';
import { escapeHtml } from './authorize';

describe('parseBasicAuth', () => {
  it('reads a client id and secret', () => {
    const header = `Basic ${Buffer.from('demo-client:s3cr:et').toString('base64')}`;
    expect(parseBasicAuth(header)).toEqual({ clientId: 'demo-client', clientSecret: 's3cr:et' });
  });

  it('decodes form-encoded parts (RFC 6749 section 2.3.1)', () => {
    const header = `basic ${Buffer.from('my%20client:p%40ss').toString('base64')}`;
    expect(parseBasicAuth(header)).toEqual({ clientId: 'my client', clientSecret: 'p@ss' });
  });

  it('ignores other schemes and malformed values', () => {
    expect(parseBasicAuth(undefined)).toBeUndefined();
    expect(parseBasicAuth('Bearer abc')).toBeUndefined();
    expect(parseBasicAuth(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeUndefined();
    expect(parseBasicAuth(`Basic ${Buffer.from(':secret').toString('base64')}`)).toBeUndefined();
    expect(parseBasicAuth(`Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`)).toBeUndefined();
  });
});

describe('escapeHtml', () => {
  it('escapes every character that could end text or an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'\``)).toBe(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;&#96;'
    );
    expect(escapeHtml(undefined)).toBe('');
  });
});
