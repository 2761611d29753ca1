import { useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { RouteHandlesContext } from './route-handles';
import { routes } from './routes';

/** The route table rendered for the current location (inside any router: browser, memory or static). */
export function AppRoutes() {
  const location = useLocation();
  const handles = useMemo(() => (matchRoutes(routes, location) ?? []).map(({ route }) => route.handle as unknown), [location]);
  // No location argument: given one, useRoutes reports every navigation below it as a POP (Back/Forward).
  const element = useRoutes(routes);
  return <RouteHandlesContext value={handles}>{element}</RouteHandlesContext>;
}
