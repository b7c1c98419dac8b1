// The worker's entry when the server runs from its TypeScript sources (`npm run dev`, the tests, the
// CLI): Node starts workers from JavaScript, so the job runner is loaded through tsx
// (docs/decisions/037-untrusted-files.md). The compiled server (`npm start`) has its own
// dist/extraction-worker.mjs, built from extraction-worker.ts (docs/decisions/045-compiled-server.md).
import { tsImport } from 'tsx/esm/api';

await tsImport('./extraction-worker.ts', import.meta.url);
