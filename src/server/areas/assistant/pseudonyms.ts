import { isIP } from 'node:net';

/** What a placeholder stands for: its kind names it (`[HOST_1]`, `[EMAIL_2]`). */
export type EntityKind = 'HOST' | 'USER' | 'EMAIL' | 'IP' | 'CUSTOMER';

const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const IPV4 = String.raw`\b(?:\d{1,3}\.){3}\d{1,3}\b`;
// Loose on purpose: each candidate is checked with isIP, so times like 12:30:45 pass untouched.
const IPV6 = String.raw`(?<![\w:])(?:[0-9a-fA-F]{0,4}:){2,7}[0-9a-fA-F]{0,4}(?![\w:])`;
const PLACEHOLDER = /\[(HOST|USER|EMAIL|IP|CUSTOMER)_(\d+)\]/g;
const PLACEHOLDER_WORD = /^(host|user|email|ip|customer)_\d+$/;
const ADDRESSES = new RegExp(`(${EMAIL})|(${IPV4})|(${IPV6})`, 'giu');
/** A word of a name: letters, digits, underscore and hyphen (host names are words so). */
const WORDS = /[\p{L}\p{N}_-]+/gu;
const WORD_START = /^[\p{L}\p{N}_-]+/u;
/** Shorter names match inside ordinary words too often to be worth replacing. */
const MIN_TERM = 3;

/**
 * The placeholders of one conversation (spec: nothing identifying leaves the server). Each real
 * value gets one placeholder for the whole conversation, so the model can reason about "[HOST_1]"
 * across turns and the answer is restored exactly. Known names (hosts, people, customers) are
 * registered from what the tools read and the caller can see; e-mail and IP addresses are found
 * by their shape wherever they occur.
 */
export class Pseudonyms {
  /** Real value (lower case) to placeholder. */
  private readonly byValue = new Map<string, string>();
  /** Placeholder to real value, as first seen. */
  private readonly byPlaceholder = new Map<string, string>();
  private readonly terms = new Map<string, EntityKind>();
  /** Known names by their first word (lower case), longest first: a text is read word by word. */
  private readonly byFirstWord = new Map<string, string[]>();
  private readonly unsorted = new Set<string>();

  constructor(saved: Record<string, string> = {}) {
    for (const [placeholder, value] of Object.entries(saved)) {
      this.byPlaceholder.set(placeholder, value);
      this.byValue.set(value.toLowerCase(), placeholder);
      const kind = /^\[([A-Z]+)_/.exec(placeholder)?.[1] as EntityKind | undefined;
      if (kind && kind !== 'EMAIL' && kind !== 'IP') this.addTerm(kind, value);
    }
  }

  /** Placeholder to real value, to be kept with the conversation. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.byPlaceholder);
  }

  /** A name the text may contain (a host, a person, a customer); it is replaced wherever it occurs. */
  register(kind: EntityKind, value: string | null | undefined): void {
    const trimmed = value?.trim();
    if (!trimmed || trimmed.length < MIN_TERM) return;
    if (isIP(trimmed)) return void this.placeholderOf('IP', trimmed);
    this.addTerm(kind, trimmed);
  }

  private addTerm(kind: EntityKind, value: string) {
    const key = value.toLowerCase();
    if (this.terms.has(key) || value.length < MIN_TERM) return;
    const first = WORD_START.exec(key)?.[0];
    // A name that does not start with a word (a symbol first) cannot be told apart in text.
    if (!first || !key.startsWith(first)) return;
    this.terms.set(key, kind);
    const names = this.byFirstWord.get(first) ?? [];
    names.push(key);
    this.byFirstWord.set(first, names);
    // Sorted when next read: many people share a first name.
    this.unsorted.add(first);
  }

  /** The stable placeholder of a value, made on first use. */
  placeholderOf(kind: EntityKind, value: string): string {
    const key = value.toLowerCase();
    const known = this.byValue.get(key);
    if (known) return known;
    const n = (this.counts.get(kind) ?? this.countOf(kind)) + 1;
    this.counts.set(kind, n);
    const placeholder = `[${kind}_${n}]`;
    this.byValue.set(key, placeholder);
    this.byPlaceholder.set(placeholder, value);
    return placeholder;
  }

  private readonly counts = new Map<EntityKind, number>();
  private countOf(kind: EntityKind): number {
    let n = 0;
    for (const placeholder of this.byPlaceholder.keys()) if (placeholder.startsWith(`[${kind}_`)) n++;
    return n;
  }

  /**
   * The text as it may leave: every e-mail and IP address, then every known name, replaced by its
   * placeholder. Names are looked up word by word (a map by first word), not by one pattern of
   * every name: thousands of hosts would make such a pattern slow on every position of the text.
   */
  mask(text: string): string {
    const addressed = text.replace(ADDRESSES, (match, email, v4, v6) => {
      if (email) return this.placeholderOf('EMAIL', match);
      if (v4) return isIP(match) ? this.placeholderOf('IP', match) : match;
      if (v6) return isIP(match) === 6 ? this.placeholderOf('IP', match) : match;
      return match;
    });
    if (this.terms.size === 0) return addressed;
    const lower = addressed.toLowerCase();
    let out = '';
    let copied = 0;
    for (const word of lower.matchAll(WORDS)) {
      const at = word.index;
      if (at < copied) continue;
      const before = lower[at - 1];
      if (before !== undefined && /[\w.-]/u.test(before)) continue;
      // The inside of a placeholder already written is not a name.
      if (before === '[' && PLACEHOLDER_WORD.test(word[0])) continue;
      const names = this.byFirstWord.get(word[0]);
      if (!names) continue;
      if (this.unsorted.delete(word[0])) names.sort((a, b) => b.length - a.length);
      const name = names.find((n) => lower.startsWith(n, at) && !/[\w-]/u.test(lower[at + n.length] ?? ' '));
      if (!name) continue;
      const original = addressed.slice(at, at + name.length);
      out += addressed.slice(copied, at) + this.placeholderOf(this.terms.get(name)!, original);
      copied = at + name.length;
    }
    return out + addressed.slice(copied);
  }

  /** The text as the person reads it: each placeholder of this conversation back to its value. */
  unmask(text: string): string {
    return text.replace(PLACEHOLDER, (placeholder) => this.byPlaceholder.get(placeholder) ?? placeholder);
  }

  /** Unmasks a tool call's arguments (the model names things by their placeholders). */
  unmaskValue<T>(value: T): T {
    return JSON.parse(this.unmask(JSON.stringify(value))) as T;
  }
}

/**
 * Restores placeholders in a stream of text: a piece that ends inside a possible placeholder
 * (`… on [HOS`) is held back until the next piece completes it.
 */
export class StreamRestorer {
  private pending = '';
  constructor(private readonly pseudonyms: Pseudonyms) {}

  push(piece: string): string {
    const text = this.pending + piece;
    const open = text.lastIndexOf('[');
    if (open >= 0 && !text.includes(']', open) && text.length - open <= 16) {
      this.pending = text.slice(open);
      return this.pseudonyms.unmask(text.slice(0, open));
    }
    this.pending = '';
    return this.pseudonyms.unmask(text);
  }

  flush(): string {
    const rest = this.pseudonyms.unmask(this.pending);
    this.pending = '';
    return rest;
  }
}
