import { neighbours } from './keyboards.ts';

/** One character replaced by a neighbouring key: google → hoogle. */
export function* replacement(label: string): Iterable<string> {
  for (let i = 0; i < label.length; i++)
    for (const key of neighbours(label[i]!)) yield label.slice(0, i) + key + label.slice(i + 1);
}
