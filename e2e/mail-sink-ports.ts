/** Where the E2E mail sink listens (apart from mail-sink.ts, which starts servers when imported). */
export const SMTP_PORT = 3197;
export const MAIL_API_PORT = 3196;
