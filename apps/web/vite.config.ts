import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), precompress()],
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
