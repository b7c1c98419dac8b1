import { ROLES, type Role, rolesWith } from '@parley/contracts';
import { ROUTE_POLICIES } from '../src/http/policy';

/**
 * The request side of the API as `GET /api/openapi.json` describes it (generated from the route
 * declarations), for the tests that go over every route's inputs: the string rule and the fuzzer.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

type OpenApiParameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

export type Operation = {
  /** `POST /api/messages/:id/drafts`, as the policy table and `app.routes` name it. */
  key: string;
  method: string;
  /** The path with `:param`s. */
  path: string;
  params: Record<string, JsonSchema>;
  query: Record<string, { schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
};

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [openApiPath, methods] of Object.entries(doc.paths)) {
    const path = openApiPath.replaceAll(/\{(\w+)\}/g, ':$1');
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const params: Operation['params'] = {};
      const query: Operation['query'] = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') params[parameter.name] = parameter.schema;
        if (parameter.in === 'query')
          query[parameter.name] = { schema: parameter.schema, required: parameter.required === true };
      }
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push({ key: `${method} ${path}`, method, path, params, query, ...(body ? { body } : {}) });
    }
  }
  return operations;
}

/** The route's path with its parameters filled in (each value already URL-encoded). */
export function pathWith(path: string, encodedParams: Record<string, string>): string {
  return path.replaceAll(/:(\w+)/g, (_, name: string) => encodedParams[name] ?? 'missing');
}

/** The JSON schema's alternatives (`anyOf`, `oneOf`, a type list), or the schema itself. */
export function alternativesOf(schema: JsonSchema): JsonSchema[] {
  if (schema.anyOf) return schema.anyOf.flatMap(alternativesOf);
  if (schema.oneOf) return schema.oneOf.flatMap(alternativesOf);
  if (Array.isArray(schema.type)) return schema.type.map((type) => ({ ...schema, type }));
  return [schema];
}

/**
 * Every free-text place of a schema as a path and a value that puts a string there: a property, an
 * array's item (at index 0), a record's values, each alternative of a union.
 */
export type StringPlace = { path: (string | number)[]; put: (text: string) => unknown };

export function stringPlacesOf(schema: JsonSchema): StringPlace[] {
  return alternativesOf(schema).flatMap((alternative): StringPlace[] => {
    if (alternative.type === 'string') return [{ path: [], put: (text: string) => text }];
    if (alternative.type === 'array' && alternative.items)
      return stringPlacesOf(alternative.items).map((place) => ({
        path: [0, ...place.path],
        put: (text: string) => [place.put(text)],
      }));
    if (alternative.type === 'object') {
      const places: StringPlace[] = Object.entries(alternative.properties ?? {}).flatMap(([name, property]) =>
        stringPlacesOf(property).map((place) => ({
          path: [name, ...place.path],
          put: (text: string) => ({ [name]: place.put(text) }),
        })),
      );
      if (typeof alternative.additionalProperties === 'object')
        for (const place of stringPlacesOf(alternative.additionalProperties))
          places.push({ path: ['key', ...place.path], put: (text) => ({ key: place.put(text) }) });
      return places;
    }
    return [];
  });
}

/** A roles' caller the route lets through its guard: none for a public route. */
export function callerRoleOf(key: string): Role | 'anonymous' {
  const access = ROUTE_POLICIES[key];
  if (access === undefined) throw new Error(`no policy for ${key}`);
  if (access === 'public') return 'anonymous';
  if (access === 'signed-in') return ROLES[0];
  const [role] = rolesWith(access);
  if (!role) throw new Error(`no role may call ${key}`);
  return role;
}
