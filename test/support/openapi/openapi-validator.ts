/**
 * Validates real responses against the OpenAPI document (/api/routes) with ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1): JSON bodies against components.schemas, and whole
 * responses against their operation — status declared, required headers sent, every declared
 * header's value valid, body in a declared media type (none for HEAD, 204 and 304).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RawResponse } from '../http/raw-http.ts';

export interface OpenApiBodyValidator {
  /** Errors of `body` against components.schemas[name] ([] when valid). */
  errors(schemaName: string, body: unknown): string[];
  /** Errors of a real (uncompressed) response to `method path` against its operation ([] when valid). */
  responseErrors(method: string, path: string, response: RawResponse): string[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createOpenApiBodyValidator(document: Record<string, unknown>): OpenApiBodyValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'placar-openapi' });
  const resolve = (value: unknown): JsonObject => {
    if (!isObject(value)) return {};
    const target = value.$ref;
    if (typeof target !== 'string') return value;
    let node: unknown = document;
    for (const part of target.replace(/^#\//, '').split('/')) node = isObject(node) ? node[part] : undefined;
    return resolve(node);
  };
  const schemaErrors = (schema: unknown, value: unknown): string[] => {
    if (isObject(schema) && typeof schema.$ref === 'string') {
      const validate = ajv.getSchema(`placar-openapi${schema.$ref}`);
      if (!validate) return [`no schema ${schema.$ref}`];
      return validate(value)
        ? []
        : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
    }
    const { $ref: _ref, ...plain } = isObject(schema) ? schema : {};
    const validate = ajv.compile(plain);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
  };
  return {
    errors(schemaName, body) {
      const validate = ajv.getSchema(`placar-openapi#/components/schemas/${schemaName}`);
      if (!validate) throw new Error(`no schema ${schemaName} in the document`);
      return validate(body)
        ? []
        : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
    },
    responseErrors(method, path, response) {
      const label = `${method} ${path} → ${response.status}`;
      const paths = isObject(document.paths) ? document.paths : {};
      const operation = resolve(resolve(paths[path])[method.toLowerCase()]);
      const declared = resolve(operation.responses)[String(response.status)];
      if (!declared) return [`${label}: status not declared`];
      const spec = resolve(declared);
      const problems: string[] = [];
      for (const [name, reference] of Object.entries(resolve(spec.headers))) {
        const header = resolve(reference);
        const raw = response.headers[name.toLowerCase()];
        if (raw === undefined) {
          if (header.required === true) problems.push(`${label}: required header ${name} missing`);
          continue;
        }
        const schema = resolve(header.schema);
        const value = schema.type === 'integer' && /^-?\d+$/.test(String(raw)) ? Number(raw) : String(raw);
        for (const error of schemaErrors(schema, value))
          problems.push(`${label}: header ${name}="${String(raw)}" ${error}`);
      }
      const content = resolve(spec.content);
      if (method === 'HEAD' || Object.keys(content).length === 0) {
        if (response.body.length > 0) problems.push(`${label}: body sent where none is declared`);
        return problems;
      }
      const mediaType =
        String(response.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      const media = content[mediaType];
      if (!media) return [...problems, `${label}: content type ${mediaType} not declared`];
      const schema = resolve(media).schema;
      if (response.status !== 206 && isObject(schema) && mediaType.endsWith('json')) {
        for (const error of schemaErrors(schema, response.json())) problems.push(`${label}: body ${error}`);
      }
      return problems;
    },
  };
}
