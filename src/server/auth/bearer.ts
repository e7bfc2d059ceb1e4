/** The credential in an `Authorization: Bearer <credential>` header, or null when there is none. */
export function bearerOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;
}
