/**
 * The API tests build the whole app two or more times a file, and each build let
 * fastify-openapi-glue check the contract against the OpenAPI meta-schema and resolve its
 * references again: half the CPU of a build. The contract does not change during a run, so its
 * parse is kept per worker and handed out as a copy. The contract itself is checked by
 * `npm run api:check` and `tests/server/contract.test.ts`; a specification that differs from the
 * kept one (a test that changes it) is parsed as before.
 */
const parserUrl = new URL('./lib/Parser.js', import.meta.resolve('fastify-openapi-glue'));
const { Parser } = (await import(parserUrl.href)) as { Parser: { prototype: GlueParser } };

interface GlueParser {
  original: unknown;
  preProcessSpec(specification: unknown): Promise<unknown>;
}

const parse = Parser.prototype.preProcessSpec;
let kept: { specification: string; original: unknown; result: unknown } | undefined;

Parser.prototype.preProcessSpec = async function preProcessSpec(this: GlueParser, specification: unknown) {
  const text = JSON.stringify(specification);
  if (kept?.specification !== text) {
    const result = await parse.call(this, specification);
    kept = { specification: text, original: this.original, result: structuredClone(result) };
  }
  this.original = structuredClone(kept.original);
  return structuredClone(kept.result);
};
