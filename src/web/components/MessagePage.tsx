import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface MessagePageProps {
  icon: IconName;
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'danger' | 'warning';
}

/** A centred page-sized message: error pages, provisioning, hand-offs. */
export function MessagePage({ icon, title, children, tone = 'neutral' }: MessagePageProps) {
  return (
    <div className={`message-page message-page--${tone}`}>
      <Icon name={icon} size={36} className="message-page__icon" />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
