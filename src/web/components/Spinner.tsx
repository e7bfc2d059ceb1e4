import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** small: in place of an icon or a count; large: while a page loads. */
  size?: 'small' | 'large';
  /** Announced to screen readers; 'Loading…' when omitted. Pass null for a purely decorative one. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'small', label, className }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label === undefined ? t('loading') : label;
  const classes = `spinner spinner--${size}${className ? ` ${className}` : ''}`;
  if (text === null) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} role="status" aria-label={text} />;
}
