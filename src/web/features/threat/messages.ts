import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors.ts';
import { isConnectionError } from '../../components/table/connection-error.ts';

/** What to tell the person about a failed call: the connection, their permission, or the server's words. */
export function failureText(t: TFunction<'threat'>, error: unknown): string {
  if (isConnectionError(error)) return t('errors.connection');
  if (error instanceof ApiError && error.status === 403) return t('errors.forbidden');
  if (error instanceof ApiError && error.status === 413) return t('errors.tooLarge');
  if (error instanceof ApiError && error.code === 'breach_lookup_not_configured')
    return t('errors.notConfigured');
  if (error instanceof ApiError && error.fields.length) return error.fields.map((f) => f.reason).join('; ');
  return error instanceof Error ? error.message : String(error);
}
