/**
 * The delivery webhook's secret of the E2E server (EMAIL_WEBHOOK_SECRET): the tests sign delivery
 * reports with it, as a mail provider would. A test value, 32 bytes.
 */
export const E2E_WEBHOOK_SECRET = `whsec_${Buffer.from('parley-e2e-delivery-webhook-key!').toString('base64')}`;
