import { isIP } from 'node:net';

/** What a placeholder stands for: its kind names it (`[HOST_1]`, `[EMAIL_2]`). */
export type EntityKind = 'HOST' | 'USER' | 'EMAIL' | 'IP' | 'CUSTOMER';

const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const IPV4 = String.raw`\b(?:\d{1,3}\.){3}\d{1,3}\b`;
// Loose on purpose: each candidate is checked with isIP, so times like 12:30:45 pass untouched.
const IPV6 = String.raw`(?<![\w:])(?:[0-9a-fA-F]{0,4}:){2,7}[0-9a-fA-F]{0,4}(?![\w:])`;
const PLACEHOLDER = /\[(HOST|USER|EMAIL|IP|CUSTOMER)_(\d+)\]/g;
/** Shorter names match inside ordinary words too often to be worth replacing. */
const MIN_TERM = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  private pattern: RegExp | null = null;

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
    this.terms.set(key, kind);
    this.pattern = null;
  }

  /** The stable placeholder of a value, made on first use. */
  placeholderOf(kind: EntityKind, value: string): string {
    const key = value.toLowerCase();
    const known = this.byValue.get(key);
    if (known) return known;
    let n = 1;
    for (const placeholder of this.byPlaceholder.keys()) if (placeholder.startsWith(`[${kind}_`)) n++;
    const placeholder = `[${kind}_${n}]`;
    this.byValue.set(key, placeholder);
    this.byPlaceholder.set(placeholder, value);
    return placeholder;
  }

  private compiled(): RegExp {
    if (this.pattern) return this.pattern;
    const names = [...this.terms.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    // One pass over the text: a placeholder written in is never matched again.
    const parts = [`(${EMAIL})`, `(${IPV4})`, `(${IPV6})`];
    if (names.length > 0) parts.push(String.raw`(?<![\w.-])(${names.join('|')})(?![\w-])`);
    this.pattern = new RegExp(parts.join('|'), 'giu');
    return this.pattern;
  }

  /** The text as it may leave: every known name and every address replaced by its placeholder. */
  mask(text: string): string {
    return text.replace(this.compiled(), (match, email, v4, v6, name) => {
      if (email) return this.placeholderOf('EMAIL', match);
      if (v4) return isIP(match) ? this.placeholderOf('IP', match) : match;
      if (v6) return isIP(match) === 6 ? this.placeholderOf('IP', match) : match;
      if (name) return this.placeholderOf(this.terms.get(match.toLowerCase()) ?? 'HOST', match);
      return match;
    });
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
