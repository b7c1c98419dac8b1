// The worker's entry: Node starts workers from JavaScript, so the TypeScript job runner is loaded
// through tsx, as `npm start` loads the server (docs/decisions/037-untrusted-files.md).
import { tsImport } from 'tsx/esm/api';

await tsImport('./extraction-worker.ts', import.meta.url);
