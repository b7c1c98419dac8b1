/** Where the E2E mail sink listens (apart from mail-sink.ts, which starts servers when imported). */
/** E2E_PORT_BASE moves all four e2e ports together (two checkouts running specs side by side). */
const base = Number(process.env.E2E_PORT_BASE ?? 3196);
export const SMTP_PORT = base + 1;
export const MAIL_API_PORT = base;
/** The setup spec's own server (setup.spec.ts). */
export const SETUP_PORT = base + 2;
/** The suite's server (playwright.config.ts). */
export const E2E_PORT = base + 3;
