import { useTranslation } from 'react-i18next';

export interface ConfirmPanelProps {
  question: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive command, naming what it does to how many items. Enter confirms. */
export function ConfirmPanel({ question, onConfirm, onCancel }: ConfirmPanelProps) {
  const { t } = useTranslation('commands');
  return (
    <div className="palette__confirm">
      <p id="palette-confirm-question" className="palette__question">
        {question}
      </p>
      <div className="palette__confirm-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onConfirm}
          aria-describedby="palette-confirm-question"
          autoFocus
        >
          {t('palette.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('palette.cancel')}
        </button>
      </div>
      <p className="palette__hint">{t('palette.confirmHint')}</p>
    </div>
  );
}
