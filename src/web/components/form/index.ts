/**
 * The field kit: every form built from these pieces, with one look (form.css). A field ties its
 * label, hint and error to its control (aria-describedby, aria-invalid); `useForm` checks the
 * contract's rules (src/api/validate.ts) and the screen's own, places the server's refusals on
 * their fields, focuses the first invalid field on a refused submit, and wires the
 * unsaved-changes guard.
 */
import './form.css';

export { CheckboxChoices, type CheckboxChoicesProps } from './CheckboxChoices.tsx';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField.tsx';
export { describedBy, errorIdOf, Field, FieldError, FieldFrame, hintIdOf } from './Field.tsx';
export { FormFailure } from './FormFailure.tsx';
export { FormFooter, type FormFooterProps } from './FormFooter.tsx';
export { useIssueMessage, useIssueMessages } from './issue-message.ts';
export { RecipientsField, recipientsOf } from './RecipientsField.tsx';
export { SegmentedChoice, type SegmentedChoiceProps } from './SegmentedChoice.tsx';
export { placeServerErrors, propertyOf } from './server-errors.ts';
export {
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from './TextField.tsx';
export { useFocusFirstInvalid } from './use-focus-first-invalid.ts';
export { type FieldPath, type Form, type FormOptions, type HeldValues, useForm } from './use-form.tsx';
