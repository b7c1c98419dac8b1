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
import { registerArchivableRoutes } from '../../http/archivable-routes';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
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

const check = apiRoute({
  method: 'post',
  path: '/api/compliance/check',
  summary: 'Check any text with the organisation’s policy (nothing is stored)',
  body: complianceCheckInputSchema,
  ok: {
    status: 200,
    schema: complianceCheckResponseSchema,
    description: 'Flags and whether a director must approve',
  },
  errors: [400, 401, 403, 404, 415],
});

const overview = apiRoute({
  method: 'get',
  path: '/api/compliance/overview',
  summary: 'Compliance center counts: active patterns, approved templates, the audit chain verified now',
  ok: { status: 200, schema: complianceOverviewSchema, description: 'Counts' },
  errors: [401, 403],
});

const policy = apiRoute({
  method: 'get',
  path: '/api/compliance/policy',
  summary: 'The forbidden lexicon and guardrail patterns the checker uses',
  ok: { status: 200, schema: compliancePolicyResponseSchema, description: 'Lexicon and patterns' },
  errors: [401, 403],
});

const addTermRoute = apiRoute({
  method: 'post',
  path: '/api/compliance/policy/terms',
  summary: 'Add a term to the forbidden lexicon (audited)',
  body: createTermInputSchema,
  ok: { status: 201, schema: complianceTermSchema, description: 'The term' },
  errors: [400, 401, 403, 409, 415],
});

const updateTermRoute = apiRoute({
  method: 'patch',
  path: '/api/compliance/policy/terms/{key}',
  summary: 'Change a term’s severity, suggestion or enabled (built-in terms too; audited)',
  params: termKeyParamSchema,
  body: updateTermInputSchema,
  ok: { status: 200, schema: complianceTermSchema, description: 'The term' },
  errors: [400, 401, 403, 404, 415],
});

const deleteTermRoute = apiRoute({
  method: 'delete',
  path: '/api/compliance/policy/terms/{key}',
  summary: 'Delete a custom term (built-in terms can only be disabled: 409; audited)',
  params: termKeyParamSchema,
  ok: { status: 200, schema: complianceDeletedResponseSchema, description: 'Deleted' },
  errors: [400, 401, 403, 404, 409],
});

const addPatternRoute = apiRoute({
  method: 'post',
  path: '/api/compliance/policy/patterns',
  summary: 'Add a custom guardrail pattern with a phrase (audited)',
  body: createPatternInputSchema,
  ok: { status: 201, schema: compliancePatternSchema, description: 'The pattern' },
  errors: [400, 401, 403, 415],
});

const updatePatternRoute = apiRoute({
  method: 'patch',
  path: '/api/compliance/policy/patterns/{id}',
  summary: 'Change a pattern (built-in: severity, suggestion, explanation, enabled; audited)',
  params: patternIdParamSchema,
  body: updatePatternInputSchema,
  ok: { status: 200, schema: compliancePatternSchema, description: 'The pattern' },
  errors: [400, 401, 403, 404, 415],
});

const deletePatternRoute = apiRoute({
  method: 'delete',
  path: '/api/compliance/policy/patterns/{id}',
  summary: 'Delete a custom pattern (built-in patterns can only be disabled: 409; audited)',
  params: patternIdParamSchema,
  ok: { status: 200, schema: complianceDeletedResponseSchema, description: 'Deleted' },
  errors: [400, 401, 403, 404, 409],
});

const getSettings = apiRoute({
  method: 'get',
  path: '/api/compliance/settings',
  summary: 'The disclaimer block drafts end with and the approval matrix',
  ok: { status: 200, schema: complianceSettingsSchema, description: 'Settings' },
  errors: [401, 403],
});

const putSettings = apiRoute({
  method: 'put',
  path: '/api/compliance/settings',
  summary: 'Save the disclaimer block and the approval matrix (audited)',
  body: complianceSettingsInputSchema,
  ok: { status: 200, schema: complianceSettingsSchema, description: 'Settings' },
  errors: [400, 401, 403, 415],
});

const listTemplatesRoute = apiRoute({
  method: 'get',
  path: '/api/compliance/templates',
  summary: 'Approved templates by title, searchable, a page at a time',
  query: listTemplatesQuerySchema,
  ok: { status: 200, schema: listTemplatesResponseSchema, description: 'Templates' },
  errors: [400, 401, 403],
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

  registerArchivableRoutes(api, deps, {
    path: '/api/compliance/templates',
    idParam: templateIdParamSchema,
    entry: { schema: responseTemplateSchema, description: 'The template' },
    create: {
      summary: 'Add an approved template (audited)',
      body: createTemplateInputSchema,
      run: createTemplate,
    },
    update: {
      summary: 'Change a template’s title or text (audited)',
      body: updateTemplateInputSchema,
      run: editTemplate,
    },
    archive: {
      summary: 'Archive a template: it is no longer offered or counted (audited)',
      run: archiveTemplate,
    },
  });
}
