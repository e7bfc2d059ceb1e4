import { useTranslation } from 'react-i18next';
import { isConnectionError } from './connection-error.ts';

export interface LoadErrorProps {
  /** Why the load failed. */
  error: unknown;
  /** The screen's own words for an answer that was an error ('Unable to load cases'). */
  message: string;
  retryLabel: string;
  onRetry(): void;
  className?: string;
}

/**
 * A list or detail that could not load, with a retry: 'Connection error, check your connection
 * then try again' when the network failed (spec 1, section 8), else the screen's own message.
 */
export function LoadError({ error, message, retryLabel, onRetry, className }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className={className ?? 'empty'} role="alert">
      <p>{isConnectionError(error) ? t('connectionError') : message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
