import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Parley server in development (PORT defaults to 3000: README Configuration); PARLEY_API_TARGET overrides
 * it.
 */
const apiProxy = {
  '/api': { target: process.env.PARLEY_API_TARGET ?? 'http://127.0.0.1:3000' },
};

/**
 * recharts and the libraries only it uses. A group takes every module its test matches, even one only a
 * lazy chunk imports, so a catch-all vendor group would put the charts (~85 KB gzip) into the first
 * page's download; left out of it, they land in the lazily loaded charts chunk of the Analytics page.
 */
const CHARTS_ONLY_LIBRARIES =
  /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|immer|reselect|decimal\.js-light|eventemitter3|tiny-invariant|es-toolkit|use-sync-external-store|react-is)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // Every library but the charts' (CHARTS_ONLY_LIBRARIES), which load with the Analytics charts.
            {
              name: 'vendor',
              test: (id) => /node_modules[\\/]/.test(id) && !CHARTS_ONLY_LIBRARIES.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
