/**
 * GET /openapi.json: the product API described as OpenAPI 3.0, generated from the route table
 * (src/contract/routes) that the console's client and this API's handlers both read. Request
 * schemas are given as a client sends them (valibot's input types), answers as the API sends
 * them (output types). Checks that JSON Schema cannot say (no control characters, the length
 * of a name in characters, the last-administrator rule) are the API's: its 400 names the field.
 * tests/server/openapi.test.ts checks the document against the routes the API serves.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ROUTES } from '../../src/contract/routes';
import type { Route } from '../../src/contract/routes/route';
import { ApiErrorBodySchema } from '../../src/contract/shared';

type SchemaObject = Record<string, unknown>;

/** OpenAPI 3.0 wants `required` to name at least one property: an empty list is left out. */
function withoutEmptyRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyRequired);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === 'required' && Array.isArray(item) && item.length === 0))
      .map(([key, item]) => [key, withoutEmptyRequired(item)]),
  );
}

function schemaOf(schema: v.GenericSchema, typeMode: 'input' | 'output'): SchemaObject {
  return withoutEmptyRequired(toJsonSchema(schema, { target: 'openapi-3.0', typeMode, errorMode: 'ignore' })) as SchemaObject;
}

/** A query or path schema (a valibot object) as OpenAPI parameters, one per property. */
function parametersOf(schema: v.GenericSchema, where: 'query' | 'path'): SchemaObject[] {
  const json = schemaOf(schema, 'input') as JsonSchema & { properties?: Record<string, SchemaObject>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** '/api/users/:id' → '/api/users/{id}'. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function operationOf(route: Route): SchemaObject {
  const json = (schema: SchemaObject) => ({ 'application/json': { schema } });
  const parameters = [
    ...(route.params ? parametersOf(route.params, 'path') : []),
    ...(route.query ? parametersOf(route.query, 'query') : []),
  ];
  return {
    operationId: route.operation,
    summary: route.summary,
    description: `Specified in ${route.specifiedIn}.`,
    tags: [route.operation.includes('.') ? route.operation.split('.')[0] : 'account'],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: json(schemaOf(route.body, 'input')) } } : {}),
    responses: {
      [route.created ? '201' : '200']: { description: 'Success.', content: json(schemaOf(route.response, 'output')) },
      ...(route.created
        ? { '200': { description: 'Already done: the existing resource.', content: json(schemaOf(route.response, 'output')) } }
        : {}),
      default: {
        description: 'An error: 400 names the field, 401 needs a new token, 403, 404, 409, 413, 429 or 5xx.',
        content: json({ $ref: '#/components/schemas/ApiError' }),
      },
    },
  };
}

/** The document, for an API served at `serverUrl`. */
export function openApiDocument(serverUrl: string): SchemaObject {
  const paths: Record<string, Record<string, SchemaObject>> = {};
  for (const route of ROUTES) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    operations[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hardline admin API',
      version: '1',
      description:
        'The API of the Hardline admin console (SPEC §7, and the extensions in docs/API.md). Every call takes the user pool access token as a bearer token.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: schemaOf(ApiErrorBodySchema, 'output') },
    },
  };
}
