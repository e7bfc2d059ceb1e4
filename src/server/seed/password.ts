import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a generated demo password is kept, next to the PGlite data (mode 0600). */
export const PASSWORD_FILE = 'demo-password.txt';

/** No 0/o, 1/l/i: the password is read off a terminal and typed into a sign-in form. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 20 random characters from 31 (≈ 99 bits) in dash-separated groups of four, e.g. k7xq-m4pt-…. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 5; g++) {
    let group = '';
    for (let c = 0; c < 4; c++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

export const isMemory = (dataDir: string) => dataDir.startsWith('memory://');

export function passwordFilePath(dataDir: string): string | null {
  return isMemory(dataDir) ? null : join(dataDir, PASSWORD_FILE);
}

/** Writes the password readable by the owner only; returns the path, or null for an in-memory database. */
export function savePassword(dataDir: string, password: string): string | null {
  const path = passwordFilePath(dataDir);
  if (!path) return null;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${password}\n`, { mode: 0o600 });
  // `mode` only applies when the file is created; a reseed overwrites an existing file.
  chmodSync(path, 0o600);
  return path;
}

export function hasSavedPassword(dataDir: string): string | null {
  const path = passwordFilePath(dataDir);
  return path && existsSync(path) ? path : null;
}
