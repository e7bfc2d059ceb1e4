import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../../src/server/contract/load.ts';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const pointer = (...parts: string[]) =>
  `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Checks an answer against what the contract declares for its operation: a declared status with a
 * JSON body its schema accepts, or (the convention of `openapi.yaml`) an error status whose body is
 * the common `Error` shape. Returns what is wrong, or null.
 */
export function answerChecker(contract: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...contract, $id: 'contract' }, 'contract');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorAt = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `contract${ref}` });
      compiled.set(ref, validate);
    }
    return validate;
  };
  const errorShape = validatorAt(pointer('components', 'schemas', 'Error'));

  return (path: string, method: string, answer: Answer): string | null => {
    const operation = contract.paths[path]?.[method.toLowerCase()];
    if (!operation) return `no operation ${method} ${path}`;
    const responses = (operation.responses ?? {}) as Record<string, { $ref?: string; content?: object }>;
    const status = String(answer.statusCode);
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : null;
    const type = String(answer.headers['content-type'] ?? '').split(';')[0]!;
    // A 5xx is a failure unless the operation declares it (an identity provider out of reach).
    if (answer.statusCode >= 500 && !(status in responses))
      return `answered ${status}: ${answer.body.slice(0, 300)}`;
    if (key === null) {
      if (answer.statusCode < 400) return `answered ${status}, which the contract does not declare`;
      if (type !== 'application/json') return `error ${status} as ${type || 'nothing'}, not JSON`;
      return errorShape(JSON.parse(answer.body))
        ? null
        : `error ${status} not in the Error shape: ${ajv.errorsText(errorShape.errors)}`;
    }
    let responsePointer = pointer('paths', path, method.toLowerCase(), 'responses', key);
    let response = responses[key]!;
    if (response.$ref) {
      responsePointer = response.$ref;
      const name = response.$ref.split('/').pop()!;
      response = (contract.components.responses as Record<string, typeof response>)[name]!;
    }
    const content = (response.content ?? {}) as Record<string, { schema?: unknown }>;
    if (Object.keys(content).length === 0) return null;
    if (!(type in content)) {
      // A file answer (CSV, NDJSON, PDF…) is checked by its media type only.
      return Object.keys(content).some((declared) => declared.split(';')[0] === type)
        ? null
        : `answered ${status} as ${type || 'nothing'}; the contract declares ${Object.keys(content).join(', ')}`;
    }
    if (!/[/+]json$/.test(type) || !content[type]?.schema) return null;
    const validate = validatorAt(`${responsePointer}/content/${type.replace(/\//g, '~1')}/schema`);
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
    return validate(body) ? null : `answered ${status}: ${ajv.errorsText(validate.errors)}`;
  };
}
