import type { ReactNode } from 'react';
import { SelectedCustomersProvider } from './customers/SelectedCustomersProvider.tsx';
import { ShellDataProvider } from './data/ShellDataProvider.tsx';
import { ThemeSync } from './theme/ThemeSync.tsx';
import { TickerProvider } from './ticker/TickerProvider.tsx';
import { ToastsProvider } from './toasts/ToastsProvider.tsx';

/** Everything the shell holds for the whole console: timers, data, selection and notifications. */
export function ShellProvider({ children }: { children: ReactNode }) {
  return (
    <TickerProvider>
      <SelectedCustomersProvider>
        <ShellDataProvider>
          <ToastsProvider>
            <ThemeSync />
            {children}
          </ToastsProvider>
        </ShellDataProvider>
      </SelectedCustomersProvider>
    </TickerProvider>
  );
}
