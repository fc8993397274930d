import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const links = (text: string) =>
  linkify(text)
    .filter((part) => part.kind === 'link')
    .map((part) => (part.kind === 'link' ? part.href : ''));

describe('linkify', () => {
  it('splits text and http(s) addresses in order, and joined gives back the text', () => {
    const text =
      'Kit list: https://club.example/kit?size=M and http://maps.example/ground see you!';
    const parts = linkify(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Kit list: ' },
      {
        kind: 'link',
        text: 'https://club.example/kit?size=M',
        href: 'https://club.example/kit?size=M',
      },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://maps.example/ground', href: 'http://maps.example/ground' },
      { kind: 'text', text: ' see you!' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('makes only http and https links: never javascript:, data:, mailto: or ftp:', () => {
    const text =
      'javascript:alert(1) data:text/html,<b>x</b> mailto:coach@club.example ftp://files.example/a www.club.example';
    expect(links(text)).toEqual([]);
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('keeps markup as text: nothing in a body becomes HTML', () => {
    const text = '<img src=x onerror=alert(1)> <a href="https://evil.example">click</a>';
    const parts = linkify(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    // The quote ends the address: the tag's attribute never leaks into a link.
    expect(links(text)).toEqual(['https://evil.example/']);
    expect(parts.filter((part) => part.kind === 'text').map((part) => part.text)).toContain(
      '<img src=x onerror=alert(1)> <a href="',
    );
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(links('Photos: https://photos.example/album.')).toEqual([
      'https://photos.example/album',
    ]);
    expect(links('(details at https://club.example/fees)')).toEqual(['https://club.example/fees']);
    expect(links('See https://en.wikipedia.org/wiki/Cricket_(sport), thanks')).toEqual([
      'https://en.wikipedia.org/wiki/Cricket_(sport)',
    ]);
  });

  it('does not link a scheme without a host or one glued to a word', () => {
    expect(links('https:// nothing')).toEqual([]);
    expect(links('xhttps://club.example')).toEqual([]);
  });
});
