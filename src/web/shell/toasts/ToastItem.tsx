import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../machines/toasts/toasts.context.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';

const ICONS: Record<Notification['severity'], IconName> = {
  info: 'info',
  success: 'check-circle',
  warning: 'alert-triangle',
  danger: 'alert-octagon',
};

/** One toast; danger toasts are announced at once (role alert). */
export function ToastItem({ toast, onClose }: { toast: Notification; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <li className={`toast toast--${toast.severity}`} role={toast.severity === 'danger' ? 'alert' : undefined}>
      <Icon name={ICONS[toast.severity]} className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.message && <p className="toast__message">{toast.message}</p>}
      </div>
      <button
        type="button"
        className="icon-button toast__close"
        onClick={onClose}
        aria-label={t('toasts.dismiss')}
      >
        <Icon name="x" />
      </button>
    </li>
  );
}
