import {
  emailPreferencesQuerySchema,
  emailPreferencesSchema,
  unsubscribeActionSchema,
  updateEmailPreferencesInputSchema,
  updateEmailPreferencesResponseSchema,
} from '@parley/contracts';
import { fieldsOf } from '../../http/errors';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { readEmailPreferences, updateEmailPreferences } from './unsubscribe.service';

const read = apiRoute({
  method: 'get',
  path: '/api/email/unsubscribe',
  summary: 'The e-mail preferences behind an unsubscribe link',
  query: emailPreferencesQuerySchema,
  ok: { status: 200, schema: emailPreferencesSchema, description: 'Preferences' },
  errors: [400, 403],
});

const update = apiRoute({
  method: 'post',
  path: '/api/email/unsubscribe',
  summary: 'Leave one list, all lists, or rejoin both (action none)',
  body: updateEmailPreferencesInputSchema,
  ok: { status: 200, schema: updateEmailPreferencesResponseSchema, description: 'Updated' },
  errors: [400, 403, 415],
});

/** RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` as a form, from their own origin. */
const oneClickQuerySchema = emailPreferencesQuerySchema.extend({
  list: unsubscribeActionSchema.exclude(['none']).default('all'),
});
const oneClick = apiRoute({
  method: 'post',
  path: '/api/email/unsubscribe/one-click',
  summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)',
  ok: { status: 200, description: 'Unsubscribed' },
  errors: [400, 403],
});

export function registerUnsubscribeRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(read, async (c) => c.json(await readEmailPreferences(deps, c.req.valid('query')), 200));

  api.openapi(update, async (c) => {
    const input = c.req.valid('json');
    return c.json(await updateEmailPreferences(deps, { ...input, via: 'page' }), 200);
  });

  api.openapi(oneClick, async (c) => {
    const query = oneClickQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', { fields: fieldsOf(query.error) });
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form['List-Unsubscribe'] !== 'One-Click') {
      throw new AppError('VALIDATION_FAILED', { fields: { 'List-Unsubscribe': 'must be One-Click' } });
    }
    await updateEmailPreferences(deps, { ...query.data, action: query.data.list, via: 'one_click' });
    return c.body(null, 200);
  });
}
