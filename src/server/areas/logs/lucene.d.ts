/** Types of the `lucene` query parser (it ships none): the parts of its AST the compiler reads. */
declare module 'lucene' {
  interface Location {
    start: { offset: number; line: number; column: number };
    end: { offset: number; line: number; column: number };
  }
  export interface TermNode {
    field: string;
    term: string;
    quoted: boolean;
    regex: boolean;
    prefix: '+' | '-' | null;
    termLocation: Location | null;
  }
  export interface RangeNode {
    field: string;
    term_min: string;
    term_max: string;
    inclusive: 'both' | 'left' | 'right' | 'none';
  }
  export interface BinaryNode {
    left: Node;
    operator?: string;
    right?: Node;
    start?: string;
    parenthesized?: boolean;
  }
  export type Node = TermNode | RangeNode | BinaryNode;
  export function parse(query: string): Node;
  export const term: { escape(value: string): string; unescape(value: string): string };
}
