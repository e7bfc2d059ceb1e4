import type { ReactNode } from 'react';
import { TextField } from './TextField.tsx';

/** The addresses typed into a recipients field: separated by commas, semicolons or spaces. */
export const recipientsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export interface RecipientsFieldProps {
  id: string;
  label: ReactNode;
  /** The addresses as typed. */
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
}

/**
 * E-mail addresses to send something to (an export, a report): one line that takes several,
 * separated by commas, semicolons or spaces; `recipientsOf` reads them. The browser offers the
 * user's known addresses.
 */
export function RecipientsField(props: RecipientsFieldProps) {
  return <TextField {...props} type="text" inputMode="email" autoComplete="email" spellCheck={false} />;
}
