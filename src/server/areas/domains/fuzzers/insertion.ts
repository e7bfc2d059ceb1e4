import { neighbours } from './keyboards.ts';

/** A neighbouring key pressed with a character, before or after it (not at the ends): google → gooygle. */
export function* insertion(label: string): Iterable<string> {
  for (let i = 1; i < label.length - 1; i++) {
    const before = label.slice(0, i);
    const c = label[i]!;
    const after = label.slice(i + 1);
    for (const key of neighbours(c)) {
      yield before + key + c + after;
      yield before + c + key + after;
    }
  }
}
