import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/use-session.ts';
import { BOARD, KEY_DIRECTIONS, newGame, type SnakeState, step, turn } from './snake-game.ts';

export interface SnakeGameProps {
  /** Where the food goes; Math.random unless a test fixes it. */
  random?: () => number;
  /** Calls `tick` at the game's pace and returns its stop; a test drives the steps itself. */
  ticker?: (tick: () => void) => () => void;
}

/** A step every 140 ms. */
const everyStep = (tick: () => void) => {
  const timer = setInterval(tick, 140);
  return () => clearInterval(timer);
};

const CELL = 100 / BOARD;

/**
 * The board, played from the keyboard: arrows or h j k l steer, Space pauses, Enter starts again
 * after a crash. A new best score is kept in the user's preferences (`snake_high_score`).
 */
export function SnakeGame({ random = Math.random, ticker = everyStep }: SnakeGameProps) {
  const { t } = useTranslation('profile');
  const { attributes, saveSettings } = useSession();
  const [game, setGame] = useState<SnakeState>(() => newGame(random));
  const [paused, setPaused] = useState(false);
  const [record, setRecord] = useState<'none' | 'saved' | 'failed'>('none');
  const best = attributes.snake_high_score ?? 0;
  const board = useRef<HTMLDivElement>(null);
  // The board takes the keys from the start, also when it replaces the reduced-motion notice.
  useEffect(() => board.current?.focus(), []);
  const randomRef = useRef(random);
  randomRef.current = random;

  useEffect(() => {
    if (paused || game.over) return;
    return ticker(() => setGame((g) => step(g, randomRef.current)));
  }, [paused, game.over, ticker]);

  // A crash with a new best keeps it, once per game.
  const scored = useRef(false);
  useEffect(() => {
    if (!game.over || scored.current || game.score <= best) return;
    scored.current = true;
    saveSettings({ snake_high_score: game.score }).then(
      () => setRecord('saved'),
      () => setRecord('failed'),
    );
  }, [game.over, game.score, best, saveSettings]);

  const restart = () => {
    scored.current = false;
    setRecord('none');
    setPaused(false);
    setGame(newGame(randomRef.current));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) {
      event.preventDefault();
      setGame((g) => turn(g, direction));
    } else if (event.key === ' ') {
      event.preventDefault();
      if (!game.over) setPaused((p) => !p);
    } else if (event.key === 'Enter' && game.over) {
      event.preventDefault();
      restart();
    }
  };

  return (
    <div className="snake">
      <p className="snake__score" aria-live="polite">
        {t('snake.score', { score: game.score })} ·{' '}
        {t('snake.best', { score: Math.max(best, game.over ? game.score : 0) })}
      </p>
      <div
        ref={board}
        className="snake__board"
        role="application"
        aria-label={t('snake.board')}
        aria-describedby="snake-keys"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the board (an application) takes the game's keys
        tabIndex={0}
        data-autofocus
        onKeyDown={onKeyDown}
      >
        {game.snake.map((c, i) => (
          <span
            key={`${c.x}-${c.y}`}
            className={i === 0 ? 'snake__cell snake__cell--head' : 'snake__cell'}
            style={{ left: `${c.x * CELL}%`, top: `${c.y * CELL}%`, width: `${CELL}%`, height: `${CELL}%` }}
          />
        ))}
        <span
          className="snake__cell snake__cell--food"
          style={{
            left: `${game.food.x * CELL}%`,
            top: `${game.food.y * CELL}%`,
            width: `${CELL}%`,
            height: `${CELL}%`,
          }}
        />
      </div>
      <p className="snake__status" role="status">
        {game.over
          ? `${t('snake.over')} ${record === 'saved' ? t('snake.newBest') : record === 'failed' ? t('snake.notSaved') : ''}`
          : paused
            ? t('snake.paused')
            : ''}
      </p>
      <p id="snake-keys" className="muted">
        {game.over ? t('snake.again') : t('snake.keys')}
      </p>
    </div>
  );
}
