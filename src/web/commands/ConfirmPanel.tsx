import { useTranslation } from 'react-i18next';

export interface ConfirmPanelProps {
  question: string;
  /** What it acts on, when the question alone does not say (the open alert's agent). */
  detail?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive command, naming what it does to how many items. Enter confirms. */
export function ConfirmPanel({ question, detail = null, onConfirm, onCancel }: ConfirmPanelProps) {
  const { t } = useTranslation('commands');
  return (
    <div className="palette__confirm">
      <p id="palette-confirm-question" className="palette__question">
        {question}
        {detail && (
          <>
            {' '}
            <span className="palette__question-detail">{detail}</span>
          </>
        )}
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
