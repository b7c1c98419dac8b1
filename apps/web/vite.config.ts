import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The Parley server in development (PORT defaults to 3000: README Configuration); PARLEY_API_TARGET overrides
 * it.
 */
const apiProxy = {
  '/api': { target: process.env.PARLEY_API_TARGET ?? 'http://127.0.0.1:3000' },
};

/**
 * Stamps the built index.html with `<meta name="parley-build">`: a digest of the bundle's file names, which
 * carry their contents' hashes. The server reads it from the same file and names it on every answer, so an
 * open tab can tell that a new version was deployed (docs/decisions/047-build-id-and-new-version-offer.md).
 * The same sources give the same id on every machine; the development server has none.
 */
function buildIdPlugin(): Plugin {
  return {
    name: 'parley-build-id',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const id = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex');
        return [{ tag: 'meta', attrs: { name: 'parley-build', content: id.slice(0, 16) }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), buildIdPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle-size.mjs reads the manifest to total each route's first download.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, its DOM renderer and the router change less often than the app and every page needs
            // them: their own chunk stays cached across deploys. No other library is grouped: a group takes
            // every module its test matches, even one only a lazy page imports, and every page would
            // download it (docs/architecture.md, "Code splitting"). Ungrouped, a library lands in the
            // chunk of the pages that use it, or in a chunk those pages share.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
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
