import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, isRunnableDevEnvironment, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type * as PrerenderModule from './src/web/prerender';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};
const webSource = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** Source maps, for error reporting: beside the build, outside the web root the server serves. */
const sourceMapDir = fileURLToPath(new URL('./dist-sourcemaps', import.meta.url));

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/** The built shell with its script (the app's entry, and its preloads) replaced by the page's own entry script. */
function withPageScript(shell: string, bundle: Rollup.OutputBundle, script: PrerenderModule.PageScript): string {
  const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === script);
  if (entry?.type !== 'chunk') throw new Error(`prerender: ${script} entry missing`);
  const scripts = [
    `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
    ...entry.imports.map(modulePreload),
  ].join('\n    ');
  return shell
    .replace(/^\s*<link rel="modulepreload"[^>]*>\n/gm, '')
    .replace(/<script type="module"[^>]*><\/script>/, scripts);
}

/**
 * Runs src/web/prerender.tsx in Node. Its module loader stays open until every page is rendered, as rendering a page
 * loads that page's lazy route modules.
 */
async function renderPublicPages(): Promise<PrerenderModule.PrerenderedPage[]> {
  const server = await createServer({
    configFile: false,
    root: webSource,
    resolve: { alias },
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Nothing runs in a browser here: no dependency pre-bundling.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const ssr = server.environments.ssr;
    if (!isRunnableDevEnvironment(ssr)) throw new Error('prerender: no module runner');
    const module = await ssr.runner.import<typeof PrerenderModule>(path.join(webSource, 'prerender.tsx'));
    return await module.prerenderPublicPages();
  } finally {
    await server.close();
  }
}

/**
 * Writes the public pages (`/`, `/pricing`, `/login`, `/signup`) as static HTML to dist/prerendered (served by
 * src/server/http/seo.ts): the built shell with the page rendered into #root, its own title and description, and one
 * small script of its own in place of the app's (see prerender.tsx), so the page is painted before any app code loads.
 */
function prerenderPublicPages(): Plugin {
  return {
    name: 'pickupline:prerender-public-pages',
    apply: 'build',
    async writeBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') throw new Error('prerender: shell missing');
      const pages = await renderPublicPages();
      mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
      for (const page of pages) {
        const html = withPageScript(String(shell.source), bundle, page.script)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
          .replace(
            /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
            () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
          )
          .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
          // No paint of a half-parsed page (a busy device's parser may stop part-way for one): a centred card would
          // jump as the rest arrives. Rendering waits until #root has been parsed to its end.
          .replace('</head>', '  <link rel="expect" href="#root" blocking="render" />\n  </head>');
        const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`;
        writeFileSync(path.join(outDir, 'prerendered', file), html);
      }
    },
  };
}

/**
 * Moves the build's source maps out of the web root: they hold the whole original source. The scripts carry no
 * sourceMappingURL comment (sourcemap: 'hidden'); an error reporter is given the maps from dist-sourcemaps/.
 */
function sourceMapsOutOfWebRoot(): Plugin {
  return {
    name: 'pickupline:source-maps-out-of-web-root',
    apply: 'build',
    writeBundle(_options, bundle) {
      rmSync(sourceMapDir, { recursive: true, force: true });
      for (const file of Object.keys(bundle).filter((name) => name.endsWith('.map'))) {
        const target = path.join(sourceMapDir, file);
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(path.join(outDir, file), target);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), prerenderPublicPages(), sourceMapsOutOfWebRoot()],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: 'hidden',
    rollupOptions: {
      input: {
        main: path.join(webSource, 'index.html'),
        'public-page': path.join(webSource, 'public-page.ts'),
        'app-page': path.join(webSource, 'app-page.ts'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
