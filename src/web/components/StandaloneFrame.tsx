import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../shell/layout/Logo.tsx';

/** The frame of screens shown outside the console's layout (provisioning, connector hand-off). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="standalone">
      <div className="standalone__brand">
        <Logo size={28} />
        <span>{t('product')}</span>
      </div>
      <main className="standalone__card">{children}</main>
    </div>
  );
}
