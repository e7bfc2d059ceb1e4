import { useRef } from 'react';

function sameValues(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/**
 * The object of the last render again while every value in it is the same (Object.is): for an
 * object compared by identity, such as react-window's rowProps, written once instead of as an
 * object and a dependency list that repeat each other.
 */
export function useShallowMemo<T extends object>(value: T): T {
  const kept = useRef(value);
  if (!sameValues(kept.current, value)) kept.current = value;
  return kept.current;
}
