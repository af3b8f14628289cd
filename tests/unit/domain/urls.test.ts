// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { UNSAFE_URL_MESSAGE, safeExternalUrl } from '../../../src/domain/urls';

const local = { allowedOrigins: ['http://127.0.0.1:8787', 'http://localhost:5173/'] };

describe('safeExternalUrl', () => {
  it('opens https URLs', () => {
    expect(safeExternalUrl('https://invoice.stripe.com/i/acct_1/inv_1')).toBe('https://invoice.stripe.com/i/acct_1/inv_1');
    expect(safeExternalUrl(' https://pay.example.com/x?y=1 ')).toBe('https://pay.example.com/x?y=1');
    // The URL parser strips spaces and control characters, not a no-break space: the trim does.
    expect(safeExternalUrl('\u00a0https://pay.example.com/x?y=1\u00a0')).toBe('https://pay.example.com/x?y=1');
  });

  it("opens http URLs on the local stack's own origins", () => {
    expect(safeExternalUrl('http://127.0.0.1:8787/hosted/invoice/1', local)).toBe('http://127.0.0.1:8787/hosted/invoice/1');
    expect(safeExternalUrl('http://localhost:5173/billing', local)).toBe('http://localhost:5173/billing');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example.com/invoice',
    'http://127.0.0.1:9999/other-port',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    'not a url',
    'https://user:secret@pay.example.com/',
    '',
  ])('refuses %j', (url) => {
    expect(safeExternalUrl(url, local)).toBeNull();
  });

  it('refuses a URL that carries only a password, or a user name over http', () => {
    expect(safeExternalUrl('https://:secret@pay.example.com/', local)).toBeNull();
    expect(safeExternalUrl('http://admin@127.0.0.1:8787/hosted/invoice/1', local)).toBeNull();
  });

  it('gives back the normalised URL, not the text as written', () => {
    expect(safeExternalUrl('HTTPS://Pay.Example.com')).toBe('https://pay.example.com/');
    expect(safeExternalUrl('http://LOCALHOST:5173/billing', local)).toBe('http://localhost:5173/billing');
  });

  it('trusts an allowed origin by its origin alone: a path in the setting does not narrow it, a bad entry is ignored', () => {
    const options = { allowedOrigins: ['not a url', 'http://127.0.0.1:8787/hosted/'] };
    expect(safeExternalUrl('http://127.0.0.1:8787/other/page', options)).toBe('http://127.0.0.1:8787/other/page');
    expect(safeExternalUrl('http://127.0.0.2:8787/other/page', options)).toBeNull();
  });

  it('trusts an allowed origin over http only, not another scheme listed with it', () => {
    const options = { allowedOrigins: ['ws://127.0.0.1:8787', 'ftp://127.0.0.1:2121'] };
    expect(safeExternalUrl('ws://127.0.0.1:8787/socket', options)).toBeNull();
    expect(safeExternalUrl('ftp://127.0.0.1:2121/invoice.pdf', options)).toBeNull();
  });

  it('refuses http without allowed origins', () => {
    expect(safeExternalUrl('http://127.0.0.1:8787/hosted/invoice/1')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
    expect(safeExternalUrl(undefined)).toBeNull();
    expect(safeExternalUrl('   ')).toBeNull();
  });
});

describe('a link that is refused', () => {
  it('says why, in the words the billing page shows', () => {
    expect(UNSAFE_URL_MESSAGE).toBe('This link cannot be opened because it is not a secure (https) address.');
  });
});
