import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { SnakeGame, type SnakeGameProps } from './SnakeGame.tsx';
import { prefersReducedMotion } from './use-secret-sequence.ts';
import './snake.css';

/**
 * The hidden game in its dialog. With reduced motion asked for, the game stays off until the
 * person asks to play anyway: it is nothing but motion.
 */
export function SnakeDialog({ onClose, ...game }: SnakeGameProps & { onClose(): void }) {
  const { t } = useTranslation('profile');
  const [playAnyway, setPlayAnyway] = useState(false);
  const calm = prefersReducedMotion() && !playAnyway;
  return (
    <ModalDialog title={t('snake.title')} onClose={onClose}>
      {calm ? (
        <div className="snake__calm">
          <p>{t('snake.reducedMotion')}</p>
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => setPlayAnyway(true)}
          >
            {t('snake.playAnyway')}
          </button>
        </div>
      ) : (
        <SnakeGame {...game} />
      )}
    </ModalDialog>
  );
}
