import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectVisibleToasts } from '../../../../machines/toasts/selectors.ts';
import { ToastItem } from './ToastItem.tsx';
import { useToastsActor } from './ToastsProvider.tsx';

/** Bottom-right area with the last 4 notifications (spec 1, section 2.2). */
export function ToastArea() {
  const { t } = useTranslation('shell');
  const actor = useToastsActor();
  const toasts = useSelector(
    actor,
    selectVisibleToasts,
    (a, b) => a.length === b.length && a.every((t, i) => t === b[i]),
  );

  useEffect(() => {
    actor.send({ type: 'host-mounted' });
    return () => actor.send({ type: 'host-gone' });
  }, [actor]);

  return (
    <section className="toast-area" aria-label={t('toasts.label')}>
      <ol aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            onClose={() => actor.send({ type: 'close', id: toast.id })}
          />
        ))}
      </ol>
    </section>
  );
}
