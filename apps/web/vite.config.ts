import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const target = process.env.API_URL ?? 'http://localhost:3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, once; the server serves them to clients that
 * accept them (@fastify/static `preCompressed`), so no request pays for compression. Brotli quality 8: within 7% of
 * quality 11 at a twentieth of the time (every e2e run builds).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fp-precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = path.resolve(c.root, c.build.outDir)),
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) =>
        /\.(js|css|html|svg|json|txt)$/.test(f),
      );
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const params = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 8,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          };
          await fs.writeFile(`${file}.br`, await brotli(body, { params }));
          await fs.writeFile(`${file}.gz`, await gzip(body, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Modules whose chunks (and everything they import, statically or lazily) the service worker keeps for a counter with
 * no network: the counter's and the login's screens, and the shell's parts that load lazily (the signed-in layout,
 * the screens' antd App frame, the toasts' holder, the status pages).
 */
const I18N_MODULE = /[\\/]src[\\/]i18n[\\/]index\.ts$/;
const OFFLINE_PAGES = /[\\/]src[\\/](pages[\\/](counter|login)[\\/]index\.tsx|shell[\\/][^\\/]+|layouts[\\/][^\\/]+)$/;

/**
 * Finds the build's files the offline counter needs (issue 19): the entry and its static imports (the shell), the
 * counter's and the login's chunks with all they import, statically or lazily, and their CSS. The service worker
 * precaches only these (`offlineFiles`), not every page of the app.
 */
function offlineShell(files: Set<string>): Plugin {
  return {
    name: 'fp-offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const visit = (name: string, lazyToo: boolean) => {
        if (files.has(name)) return;
        files.add(name);
        const c = chunks.get(name);
        if (!c || c.type !== 'chunk') return;
        const meta = (c as { viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> } }).viteMetadata;
        meta?.importedCss?.forEach((f) => files.add(f));
        meta?.importedAssets?.forEach((f) => files.add(f));
        c.imports.forEach((i) => visit(i, lazyToo));
        if (lazyToo) c.dynamicImports.forEach((i) => visit(i, lazyToo));
      };
      for (const c of chunks.values()) {
        if (c.type !== 'chunk') continue;
        if (c.isEntry) visit(c.fileName, false);
        if (c.facadeModuleId && OFFLINE_PAGES.test(c.facadeModuleId)) visit(c.fileName, true);
        // The texts the i18n module loads lazily (all of en.json, vi.json and its antd and dayjs locales): a counter
        // opened offline shows its screen in either language.
        if (c.moduleIds.some((id) => I18N_MODULE.test(id))) c.dynamicImports.forEach((i) => visit(i, true));
      }
    },
  };
}
const offlineFiles = new Set<string>();

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    offlineShell(offlineFiles),
    // The installable app (issue 19): a web app manifest and a Workbox service worker. It precaches the shell and
    // the counter (offlineShell), answers a page of the app from the network and, with no network, with the
    // precached index.html, so /counter opens on a reload offline; /api is never touched by it. main.tsx registers
    // it after the page has loaded, so the first load does not pay for it.
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Franchise Portal',
        short_name: 'Franchise',
        description: 'Franchise Portal: the counter, the stores and the back office',
        start_url: '/counter',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,ico,svg,woff,woff2,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((e) => !e.url.startsWith('assets/') || offlineFiles.has(e.url)),
            warnings: [],
          }),
        ],
        // Pages: from the network (its status, e.g. 404, kept), the precached index.html only when it cannot answer.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/builds/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': target, '/builds': target } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // Every browser the counters use (Chromium, Safari 17+, Firefox 115+) preloads modules itself: no polyfill in
    // the first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The @rc-component libraries under antd declare no `sideEffects`, so a bundler keeps every module it meets
      // (all of rc-form and async-validator came with ConfigProvider). Their modules have no side effects: drop
      // what is unused. `npm run bench -- "first load"` shows the effect.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) },
    },
  },
});
