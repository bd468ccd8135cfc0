import type { Handler, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

/**
 * The element react-hot-toast's styling library (goober) writes its generated CSS into. goober reuses an element with
 * this id when the page has one, so each HTML page gets it from the server, carrying the response's CSP nonce: the
 * toasts keep their styles while the policy refuses every other inline style. The page set-up script reads the nonce
 * from it for the one other style element the app inserts (the dialogs' scroll lock).
 */
export const TOAST_STYLE_ELEMENT_ID = '_goober';

/**
 * Prepares each page for the policy before the app's modules run. It is served from our own origin (no inline
 * script), deferred and first in the head, so it runs after parsing but before the deferred module scripts:
 * - goober stamps `window.__nonce__` on its style element, so that global must hold the element's nonce;
 * - an open dialog locks the page behind it (Radix's react-remove-scroll) with a `<style>` that react-style-singleton
 *   inserts, stamped with get-nonce's nonce, which falls back on the global `__webpack_nonce__`; without it the policy
 *   refuses that style (a violation on every dialog) and the page behind keeps scrolling;
 * - zod compiles its object parsers with `new Function` unless configured jitless, and even its probe for eval is
 *   reported as a violation; zod reads its configuration from `globalThis.__zod_globalConfig` when it loads.
 */
export const PAGE_SETUP_SCRIPT_PATH = '/csp-page-setup.js';
const PAGE_SETUP_SCRIPT = [
  `window.__nonce__ = document.getElementById(${JSON.stringify(TOAST_STYLE_ELEMENT_ID)}).nonce;`,
  'window.__webpack_nonce__ = window.__nonce__;',
  'window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });',
  '',
].join('\n');

export const servePageSetupScript: Handler = (c) =>
  c.body(PAGE_SETUP_SCRIPT, 200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=86400',
  });

/**
 * Security headers on every response: a strict Content-Security-Policy (scripts, styles, images, fonts and
 * connections from the app's own origin only; no inline script, no eval; never framed), and a Permissions-Policy
 * that lets only the app itself use the microphone (the in-browser test call) and nobody the camera, location or
 * payment APIs. A fresh nonce per response admits only the style elements stamped with it: the toasts' and the
 * dialogs' scroll lock.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", NONCE],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [], payment: [] },
  });
}

/** The page with the toasts' style element (under this response's nonce) and the script that hands it to goober. */
export function withToastStyleElement(html: string, nonce: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head || !html.includes('</head>')) return html;
  const script = `<script defer src="${PAGE_SETUP_SCRIPT_PATH}"></script>`;
  const element = `<style id="${TOAST_STYLE_ELEMENT_ID}" nonce="${nonce}"> </style>`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${script}${html.slice(end)}`.replace('</head>', `${element}</head>`);
}

/**
 * Gives every HTML page served after it (the SPA shell, and any static .html file) the toasts' style element with
 * the nonce the Content-Security-Policy of this response names.
 */
export const toastStyleNonce: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.status !== 200) return;
  if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
  const nonce = c.get('secureHeadersNonce');
  if (!nonce) return;
  const html = await c.res.text();
  c.res = new Response(withToastStyleElement(html, nonce), { status: 200, headers: c.res.headers });
  c.res.headers.delete('content-length');
};
