import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const target = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': target, '/builds': target } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        // Code shared by the entry and the lazy screens lives in its own chunks, never in the entry chunk:
        // a screen chunk importing the entry chunk could hang its dynamic import on a full page load.
        manualChunks: (id: string) => {
          if (id.includes('node_modules')) return 'vendor';
          if (/[\\/](packages[\\/]contract|src[\\/](api|auth|components|shell|layouts|i18n))[\\/]/.test(id)) return 'app';
          return undefined;
        },
      },
    },
  },
});
