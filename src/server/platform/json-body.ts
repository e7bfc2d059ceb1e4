import { badRequest } from '../errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have; no call of the API needs more. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass over the text
 * without recursion or parsing: brackets inside strings (escaped quotes included) do not count.
 * Text that is not JSON at all is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Where the string opened at `open` ends: the next quote not escaped by an odd run of backslashes. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let b = quote - 1; b > open && text.charCodeAt(b) === 0x5c; b--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * Parses a JSON body only once it is known to be shallow enough: deeper nesting is a 400 naming
 * `field`, before the parser or any validation walks it; text that is not JSON is a 400 too.
 */
export function parseBoundedJson(
  text: string,
  field: string,
  parse: (text: string) => unknown = JSON.parse,
): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw badRequest(field, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return parse(text);
  } catch (error) {
    throw badRequest(field, `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
