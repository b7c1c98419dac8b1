/** Where the E2E mail sink listens (apart from mail-sink.ts, which starts servers when imported). */
/** E2E_PORT_BASE moves all the e2e ports together (two checkouts running specs side by side). */
const base = Number(process.env.E2E_PORT_BASE ?? 3196);
export const SMTP_PORT = base + 1;
export const MAIL_API_PORT = base;
/** The setup spec's own server (setup.spec.ts). */
export const SETUP_PORT = base + 2;
/** The suite's server (playwright.config.ts). */
export const E2E_PORT = base + 3;
/**
 * The suite server's inbound SMTP listener (docs/decisions/058-inbound-email.md), which
 * e2e/inbound-email.spec.ts writes to as an investor's mail server would; base + 4 is passkeys.spec.ts's.
 */
export const INBOUND_SMTP_PORT = base + 5;
