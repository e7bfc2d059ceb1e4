import { useTranslation } from 'react-i18next';

export type DetailDialog = 'case' | 'merge' | 'mute' | 'actions' | 'rerun';

export interface AlertActionsBarProps {
  canEdit: boolean;
  onStatus(): void;
  onPriority(): void;
  onClassify(): void;
  onComment(): void;
  onDialog(dialog: DetailDialog): void;
}

/** Every change the alert screen offers, each with its key where it has one. */
export function AlertActionsBar({
  canEdit,
  onStatus,
  onPriority,
  onClassify,
  onComment,
  onDialog,
}: AlertActionsBarProps) {
  const { t } = useTranslation('alerts');
  const button = (label: string, onClick: () => void, key?: string) => (
    <button type="button" className="button button--small" onClick={onClick} disabled={!canEdit}>
      {label}
      {key && <kbd className="kbd">{key}</kbd>}
    </button>
  );
  return (
    <div className="toolbar alert-detail__actions" role="toolbar" aria-label={t('detail.actions')}>
      {button(t('detail.changeStatus'), onStatus, 's')}
      {button(t('detail.changePriority'), onPriority, 'p')}
      {button(t('detail.classify'), onClassify)}
      <button type="button" className="button button--small" onClick={onComment}>
        {t('detail.comment')}
        <kbd className="kbd">c</kbd>
      </button>
      {button(t('detail.assignCase'), () => onDialog('case'), 'a')}
      {button(t('detail.merge'), () => onDialog('merge'))}
      {button(t('detail.mute'), () => onDialog('mute'), 'm')}
      {button(t('detail.deviceActions'), () => onDialog('actions'))}
      {button(t('detail.rerun'), () => onDialog('rerun'))}
    </div>
  );
}
