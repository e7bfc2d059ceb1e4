/**
 * The API tests build the whole app two or more times a file, and each build let
 * fastify-openapi-glue check the contract against the OpenAPI meta-schema, resolve its references
 * and turn each operation into a route's schemas again: over half the CPU of a build. The contract
 * does not change during a run, so its parse is kept per worker and handed out as a copy. The
 * contract itself is checked by `npm run api:check` and `tests/server/contract.test.ts`; a
 * specification that differs from the kept one (a test that changes it) is parsed as before.
 *
 * Vitest runs a setup file again before every test file of a worker, so the parse is replaced once
 * per worker (marked on the parser): wrapped again for every file, each build went through one
 * wrapper per earlier file, each writing out the whole contract and copying its parse.
 */
const parserUrl = new URL('./lib/Parser.js', import.meta.resolve('fastify-openapi-glue'));
const { Parser } = (await import(parserUrl.href)) as { Parser: { prototype: GlueParser } };

interface GlueParser {
  original: unknown;
  parse(specification: unknown, options: unknown): Promise<unknown>;
}

const parsedOnce = Symbol.for('watchfloor.tests.contractParsedOnce');
const prototype = Parser.prototype as GlueParser & { [parsedOnce]?: true };

if (!prototype[parsedOnce]) {
  prototype[parsedOnce] = true;
  const parse = prototype.parse;
  let kept: { specification: string; original: unknown; result: unknown } | undefined;
  prototype.parse = async function parseOnce(this: GlueParser, specification: unknown, options: unknown) {
    const text = JSON.stringify([specification, options]);
    if (kept?.specification !== text) {
      const result = await parse.call(this, specification, options);
      kept = { specification: text, original: this.original, result: structuredClone(result) };
    }
    this.original = structuredClone(kept.original);
    return structuredClone(kept.result);
  };
}
