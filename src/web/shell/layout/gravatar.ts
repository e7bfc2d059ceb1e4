/** The avatar service's address for an e-mail: SHA-256 of the trimmed, lower-cased address. */
export async function gravatarUrl(email: string, size = 64): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalised));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  // d=404: no picture gives an error, and the console falls back to its own default.
  return `https://www.gravatar.com/avatar/${hex}?d=404&s=${size}`;
}

/** Up to two initials from a name, else from the e-mail's local part. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return email.trim().slice(0, 2).toUpperCase();
}
