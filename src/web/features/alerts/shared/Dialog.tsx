/**
 * The alert list's bulk update still imports the dialog from here; it is the console's one modal
 * dialog, src/web/components/ModalDialog.tsx. New code imports that directly.
 */
export {
  ModalDialog as Dialog,
  type ModalDialogProps as DialogProps,
} from '../../../components/ModalDialog.tsx';
