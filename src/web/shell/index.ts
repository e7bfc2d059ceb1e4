/** What features use from the shell. */
export { useSelectedCustomers } from './customers/SelectedCustomersProvider.tsx';
export { type CustomerScope, useCustomerScope } from './customers/use-customer-scope.ts';
export { useShellData } from './data/ShellDataProvider.tsx';
export { useIsActivePage, useReplacePageAddress, useTitleCount } from './navigation/active-page.ts';
export { Ticker } from './ticker/Ticker.tsx';
export { useNow, useRefreshNow, useTickerEvent } from './ticker/TickerProvider.tsx';
export { type NotifyOptions, useToasts } from './toasts/ToastsProvider.tsx';
