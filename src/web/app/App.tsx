import { Route, Switch } from 'wouter';
import { CommandLayer } from '../commands/CommandLayer.tsx';
import { ROUTES, type RouteEntry } from '../routes.ts';
import { RouteGuard } from '../session/RouteGuard.tsx';
import { Layout } from '../shell/layout/Layout.tsx';
import { DocumentTitle } from '../shell/navigation/DocumentTitle.tsx';
import { type CachedPage, PageCache } from '../shell/navigation/PageCache.tsx';
import { ScrollReset } from '../shell/navigation/ScrollReset.tsx';
import { ShellProvider } from '../shell/ShellProvider.tsx';
import { LabsRoute } from './LabsRoute.tsx';
import { Screen } from './Screen.tsx';
import { STANDALONE_ROUTES } from './screens.ts';

const standalone = (ROUTES as readonly RouteEntry[]).filter((entry) =>
  STANDALONE_ROUTES.includes(entry.name),
);

/** Open routes need no sign-in; every other known route passes the route guard first. */
function renderPage({ entry, name, params }: CachedPage) {
  const screen = <Screen name={name} params={params} />;
  if (!entry || entry.open) return screen;
  return (
    <RouteGuard route={entry}>
      {entry.labs ? <LabsRoute entry={entry}>{screen}</LabsRoute> : screen}
    </RouteGuard>
  );
}

/** The console: the route table (spec 1, section 2.1) inside the shell. */
export function App() {
  return (
    <ShellProvider>
      <DocumentTitle />
      <ScrollReset />
      <Switch>
        {standalone.map((entry) => (
          <Route key={entry.path} path={entry.path}>
            {(params) => <Screen name={entry.name} params={{ ...params }} />}
          </Route>
        ))}
        <Route>
          <Layout>
            <PageCache render={renderPage} />
          </Layout>
          <CommandLayer />
        </Route>
      </Switch>
    </ShellProvider>
  );
}
