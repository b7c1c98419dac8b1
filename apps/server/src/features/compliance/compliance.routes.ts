import { createRoute } from '@hono/zod-openapi';
import {
  complianceCheckInputSchema,
  complianceCheckResponseSchema,
  complianceDeletedResponseSchema,
  complianceOverviewSchema,
  compliancePatternSchema,
  compliancePolicyResponseSchema,
  complianceSettingsInputSchema,
  complianceSettingsSchema,
  complianceTermSchema,
  createPatternInputSchema,
  createTemplateInputSchema,
  createTermInputSchema,
  listTemplatesQuerySchema,
  listTemplatesResponseSchema,
  patternIdParamSchema,
  responseTemplateSchema,
  templateIdParamSchema,
  termKeyParamSchema,
  updatePatternInputSchema,
  updateTemplateInputSchema,
  updateTermInputSchema,
} from '@parley/contracts';
import { type ApiRouter, errorResponses, jsonBody, jsonResponse, type RouteDeps } from '../../http/router';
import {
  checkText,
  getComplianceOverview,
  getComplianceSettings,
  saveComplianceSettings,
} from './compliance.service';
import {
  addPattern,
  addTerm,
  deletePattern,
  deleteTerm,
  getCompliancePolicy,
  updatePattern,
  updateTerm,
} from './compliance-rules.service';
import { archiveTemplate, createTemplate, editTemplate, getTemplates } from './compliance-templates.service';

const check = createRoute({
  method: 'post',
  path: '/api/compliance/check',
  summary: 'Check any text with the organisation’s policy (nothing is stored)',
  request: { body: jsonBody(complianceCheckInputSchema) },
  responses: {
    200: jsonResponse(complianceCheckResponseSchema, 'Flags and whether a director must approve'),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const overview = createRoute({
  method: 'get',
  path: '/api/compliance/overview',
  summary: 'Compliance center counts: active patterns, approved templates, the audit chain verified now',
  responses: { 200: jsonResponse(complianceOverviewSchema, 'Counts'), ...errorResponses(401, 403) },
});

const policy = createRoute({
  method: 'get',
  path: '/api/compliance/policy',
  summary: 'The forbidden lexicon and guardrail patterns the checker uses',
  responses: {
    200: jsonResponse(compliancePolicyResponseSchema, 'Lexicon and patterns'),
    ...errorResponses(401, 403),
  },
});

const addTermRoute = createRoute({
  method: 'post',
  path: '/api/compliance/policy/terms',
  summary: 'Add a term to the forbidden lexicon (audited)',
  request: { body: jsonBody(createTermInputSchema) },
  responses: {
    201: jsonResponse(complianceTermSchema, 'The term'),
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const updateTermRoute = createRoute({
  method: 'patch',
  path: '/api/compliance/policy/terms/{key}',
  summary: 'Change a term’s severity, suggestion or enabled (built-in terms too; audited)',
  request: { params: termKeyParamSchema, body: jsonBody(updateTermInputSchema) },
  responses: {
    200: jsonResponse(complianceTermSchema, 'The term'),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteTermRoute = createRoute({
  method: 'delete',
  path: '/api/compliance/policy/terms/{key}',
  summary: 'Delete a custom term (built-in terms can only be disabled: 409; audited)',
  request: { params: termKeyParamSchema },
  responses: {
    200: jsonResponse(complianceDeletedResponseSchema, 'Deleted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const addPatternRoute = createRoute({
  method: 'post',
  path: '/api/compliance/policy/patterns',
  summary: 'Add a custom guardrail pattern with a phrase (audited)',
  request: { body: jsonBody(createPatternInputSchema) },
  responses: {
    201: jsonResponse(compliancePatternSchema, 'The pattern'),
    ...errorResponses(400, 401, 403, 415),
  },
});

const updatePatternRoute = createRoute({
  method: 'patch',
  path: '/api/compliance/policy/patterns/{id}',
  summary: 'Change a pattern (built-in: severity, suggestion, explanation, enabled; audited)',
  request: { params: patternIdParamSchema, body: jsonBody(updatePatternInputSchema) },
  responses: {
    200: jsonResponse(compliancePatternSchema, 'The pattern'),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deletePatternRoute = createRoute({
  method: 'delete',
  path: '/api/compliance/policy/patterns/{id}',
  summary: 'Delete a custom pattern (built-in patterns can only be disabled: 409; audited)',
  request: { params: patternIdParamSchema },
  responses: {
    200: jsonResponse(complianceDeletedResponseSchema, 'Deleted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const getSettings = createRoute({
  method: 'get',
  path: '/api/compliance/settings',
  summary: 'The disclaimer block drafts end with and the approval matrix',
  responses: { 200: jsonResponse(complianceSettingsSchema, 'Settings'), ...errorResponses(401, 403) },
});

const putSettings = createRoute({
  method: 'put',
  path: '/api/compliance/settings',
  summary: 'Save the disclaimer block and the approval matrix (audited)',
  request: { body: jsonBody(complianceSettingsInputSchema) },
  responses: {
    200: jsonResponse(complianceSettingsSchema, 'Settings'),
    ...errorResponses(400, 401, 403, 415),
  },
});

const listTemplatesRoute = createRoute({
  method: 'get',
  path: '/api/compliance/templates',
  summary: 'Approved templates by title, searchable, a page at a time',
  request: { query: listTemplatesQuerySchema },
  responses: {
    200: jsonResponse(listTemplatesResponseSchema, 'Templates'),
    ...errorResponses(400, 401, 403),
  },
});

const createTemplateRoute = createRoute({
  method: 'post',
  path: '/api/compliance/templates',
  summary: 'Add an approved template (audited)',
  request: { body: jsonBody(createTemplateInputSchema) },
  responses: {
    201: jsonResponse(responseTemplateSchema, 'The template'),
    ...errorResponses(400, 401, 403, 415),
  },
});

const updateTemplateRoute = createRoute({
  method: 'patch',
  path: '/api/compliance/templates/{id}',
  summary: 'Change a template’s title or text (audited)',
  request: { params: templateIdParamSchema, body: jsonBody(updateTemplateInputSchema) },
  responses: {
    200: jsonResponse(responseTemplateSchema, 'The template'),
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const archiveTemplateRoute = createRoute({
  method: 'delete',
  path: '/api/compliance/templates/{id}',
  summary: 'Archive a template: it is no longer offered or counted (audited)',
  request: { params: templateIdParamSchema },
  responses: {
    200: jsonResponse(complianceDeletedResponseSchema, 'Archived'),
    ...errorResponses(400, 401, 403, 404),
  },
});

/** The compliance checker and the Compliance center; the organisation is the caller's. */
export function registerComplianceRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(check, async (c) => {
    return c.json(await checkText(deps, c.get('actor'), c.req.valid('json')), 200);
  });

  api.openapi(overview, async (c) => {
    return c.json(await getComplianceOverview(deps, c.get('actor')), 200);
  });

  api.openapi(policy, async (c) => {
    return c.json(await getCompliancePolicy(deps, c.get('actor')), 200);
  });

  api.openapi(addTermRoute, async (c) => {
    return c.json(await addTerm(deps, c.get('actor'), c.req.valid('json')), 201);
  });

  api.openapi(updateTermRoute, async (c) => {
    const input = { key: c.req.valid('param').key, ...c.req.valid('json') };
    return c.json(await updateTerm(deps, c.get('actor'), input), 200);
  });

  api.openapi(deleteTermRoute, async (c) => {
    await deleteTerm(deps, c.get('actor'), { key: c.req.valid('param').key });
    return c.json({ success: true as const }, 200);
  });

  api.openapi(addPatternRoute, async (c) => {
    return c.json(await addPattern(deps, c.get('actor'), c.req.valid('json')), 201);
  });

  api.openapi(updatePatternRoute, async (c) => {
    const input = { id: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await updatePattern(deps, c.get('actor'), input), 200);
  });

  api.openapi(deletePatternRoute, async (c) => {
    await deletePattern(deps, c.get('actor'), { id: c.req.valid('param').id });
    return c.json({ success: true as const }, 200);
  });

  api.openapi(getSettings, async (c) => {
    return c.json(await getComplianceSettings(deps, c.get('actor')), 200);
  });

  api.openapi(putSettings, async (c) => {
    return c.json(await saveComplianceSettings(deps, c.get('actor'), c.req.valid('json')), 200);
  });

  api.openapi(listTemplatesRoute, async (c) => {
    return c.json(await getTemplates(deps, c.get('actor'), c.req.valid('query')), 200);
  });

  api.openapi(createTemplateRoute, async (c) => {
    return c.json(await createTemplate(deps, c.get('actor'), c.req.valid('json')), 201);
  });

  api.openapi(updateTemplateRoute, async (c) => {
    const input = { id: c.req.valid('param').id, ...c.req.valid('json') };
    return c.json(await editTemplate(deps, c.get('actor'), input), 200);
  });

  api.openapi(archiveTemplateRoute, async (c) => {
    await archiveTemplate(deps, c.get('actor'), { id: c.req.valid('param').id });
    return c.json({ success: true as const }, 200);
  });
}
