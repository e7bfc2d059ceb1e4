/** The hidden snake game's rules, apart from React and the clock, so they can be tested step by step. */

export const BOARD = 16;

export type Direction = 'up' | 'down' | 'left' | 'right';
export interface Cell {
  x: number;
  y: number;
}
export interface SnakeState {
  /** Head first. */
  snake: Cell[];
  direction: Direction;
  /** The turn asked for since the last step (one per step, so two quick keys cannot fold back). */
  next: Direction;
  food: Cell;
  score: number;
  over: boolean;
}

const MOVES: Record<Direction, Cell> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};
const OPPOSITE: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };

/** Arrow keys and vi's hjkl. */
export const KEY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  k: 'up',
  j: 'down',
  h: 'left',
  l: 'right',
};

const same = (a: Cell, b: Cell) => a.x === b.x && a.y === b.y;

/** A free cell for the food; `random` in [0, 1). */
export function placeFood(snake: readonly Cell[], random: () => number): Cell {
  const free: Cell[] = [];
  for (let y = 0; y < BOARD; y++)
    for (let x = 0; x < BOARD; x++) if (!snake.some((c) => c.x === x && c.y === y)) free.push({ x, y });
  return free[Math.floor(random() * free.length)] ?? { x: 0, y: 0 };
}

export function newGame(random: () => number): SnakeState {
  const middle = Math.floor(BOARD / 2);
  const snake = [
    { x: middle, y: middle },
    { x: middle - 1, y: middle },
    { x: middle - 2, y: middle },
  ];
  return { snake, direction: 'right', next: 'right', food: placeFood(snake, random), score: 0, over: false };
}

/** Turning back onto itself is ignored. */
export function turn(state: SnakeState, direction: Direction): SnakeState {
  if (state.over || direction === OPPOSITE[state.direction]) return state;
  return { ...state, next: direction };
}

/** One step: the head moves; a wall or the body ends the game; food grows the snake by one. */
export function step(state: SnakeState, random: () => number): SnakeState {
  if (state.over) return state;
  const direction = state.next;
  const move = MOVES[direction];
  const head = state.snake[0]!;
  const to = { x: head.x + move.x, y: head.y + move.y };
  const eats = same(to, state.food);
  // The tail moves away in the same step unless the snake grows.
  const body = eats ? state.snake : state.snake.slice(0, -1);
  const outside = to.x < 0 || to.y < 0 || to.x >= BOARD || to.y >= BOARD;
  if (outside || body.some((c) => same(c, to))) return { ...state, direction, over: true };
  const snake = [to, ...body];
  return {
    ...state,
    snake,
    direction,
    food: eats ? placeFood(snake, random) : state.food,
    score: eats ? state.score + 1 : state.score,
  };
}
