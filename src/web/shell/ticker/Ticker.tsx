import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_INTERVAL_MS } from '../../../../machines/ticker/interval.context.ts';
import { intervalMachine } from '../../../../machines/ticker/interval.machine.ts';

export interface TickerProps {
  /** Called every `interval` ms. */
  onTick: () => void;
  /** Milliseconds between ticks; 150000 by default (spec 1, section 9). */
  interval?: number;
  disabled?: boolean;
}

/** Fires onTick periodically unless disabled (spec 1, section 4.3). Renders nothing. */
export function Ticker({ onTick, interval = DEFAULT_INTERVAL_MS, disabled = false }: TickerProps) {
  const latest = useRef(onTick);
  latest.current = onTick;
  const [machine] = useState(() => intervalMachine.provide({ actions: { tick: () => latest.current() } }));
  const actor = useActorRef(machine, { input: { interval, disabled } });

  useEffect(() => {
    actor.send({ type: disabled ? 'disable' : 'enable' });
  }, [actor, disabled]);

  useEffect(() => {
    if (actor.getSnapshot().context.interval !== interval) actor.send({ type: 'set-interval', interval });
  }, [actor, interval]);

  return null;
}
