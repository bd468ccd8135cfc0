import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import {
  securityHeaders,
  PAGE_SETUP_SCRIPT_PATH,
  servePageSetupScript,
  TOAST_STYLE_ELEMENT_ID,
  toastStyleNonce,
  withToastStyleElement,
} from './security-headers';

const PAGE = '<!doctype html><html><head><title>PickupLine</title></head><body><div id="root"></div></body></html>';

function app() {
  return new Hono()
    .use(securityHeaders())
    .use(toastStyleNonce)
    .get('/api/health', (c) => c.json({ ok: true }))
    .get('*', (c) => c.html(PAGE));
}

/** The Content-Security-Policy's directives by name. */
function directives(response: Response) {
  const policy = response.headers.get('content-security-policy');
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('security headers', () => {
  it('set a strict Content-Security-Policy: own origin only, no inline script, no eval, never framed', async () => {
    const csp = directives(await app().request('/dashboard'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['font-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['style-src']).toHaveLength(2);
    expect(csp['style-src']![0]).toBe("'self'");
    expect(csp['style-src']![1]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('let only the app itself use the microphone, and nobody the camera, location or payments', async () => {
    const response = await app().request('/api/health');
    expect(response.headers.get('permissions-policy')).toBe('microphone=(self), camera=(), geolocation=(), payment=()');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('give each page the toasts’ style element under that response’s own nonce', async () => {
    const [first, second] = await Promise.all([app().request('/'), app().request('/settings')]);
    const nonces = await Promise.all(
      [first, second].map(async (response) => {
        const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!;
        const html = await response.text();
        expect(html).toContain(`<style id="${TOAST_STYLE_ELEMENT_ID}" nonce="${nonce}"> </style></head>`);
        expect(html.match(/<style/g)).toHaveLength(1);
        // The script handing the nonce to goober runs before the app's deferred modules: it is first in the head.
        expect(html).toContain(`<head><script defer src="${PAGE_SETUP_SCRIPT_PATH}"></script><title>`);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('hand the page’s nonce to goober and to the dialogs’ scroll lock before the app loads', async () => {
    const response = await new Hono().get(PAGE_SETUP_SCRIPT_PATH, servePageSetupScript).request(PAGE_SETUP_SCRIPT_PATH);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const window: Record<string, unknown> = {};
    const document = {
      getElementById: (id: string) => (id === TOAST_STYLE_ELEMENT_ID ? { nonce: 'page-nonce' } : null),
    };
    runInNewContext(await response.text(), { window, document });
    // goober reads window.__nonce__; react-style-singleton (Radix's scroll lock) reads __webpack_nonce__ via get-nonce.
    expect(window.__nonce__).toBe('page-nonce');
    expect(window.__webpack_nonce__).toBe('page-nonce');
    expect(window.__zod_globalConfig).toEqual({ jitless: true });
  });

  it('leave API answers and documents without a head as they are', async () => {
    const response = await app().request('/api/health');
    expect(await response.json()).toEqual({ ok: true });
    expect(withToastStyleElement('<p>no head</p>', 'abc')).toBe('<p>no head</p>');
  });
});
