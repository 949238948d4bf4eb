/**
 * Validates JSON bodies against the schemas of the OpenAPI document (/api/routes) with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface OpenApiBodyValidator {
  /** Errors of `body` against components.schemas[name] ([] when valid). */
  errors(schemaName: string, body: unknown): string[];
}

export function createOpenApiBodyValidator(document: Record<string, unknown>): OpenApiBodyValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'placar-openapi' });
  return {
    errors(schemaName, body) {
      const validate = ajv.getSchema(`placar-openapi#/components/schemas/${schemaName}`);
      if (!validate) throw new Error(`no schema ${schemaName} in the document`);
      return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
    },
  };
}
