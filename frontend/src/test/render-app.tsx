import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { AppRoutes } from '../app/app-routes';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../ui/toast';

/** What a test reads from and does with the app's router: where it is, and going somewhere else. */
export interface TestRouter {
  navigate: NavigateFunction;
  state: { location: Location };
}

function ReportRouter({ onChange }: { onChange: (navigate: NavigateFunction, location: Location) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => onChange(navigate, location), [onChange, navigate, location]);
  return null;
}

/** The real route table in a memory router at `path`, and a handle on that router for the test. */
export function createTestRouter(path: string): { router: TestRouter; element: ReactElement } {
  const router: TestRouter = {
    navigate: () => {
      throw new Error('the router is not rendered yet');
    },
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } },
  };
  const element = (
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <ReportRouter
        onChange={(navigate, location) => {
          router.navigate = navigate;
          router.state.location = location;
        }}
      />
    </MemoryRouter>
  );
  return { router, element };
}

/** Renders the real route table at `path`, with the providers pages need (no socket). */
export function renderApp(path = '/') {
  const { router, element } = createTestRouter(path);
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      {element}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router };
}
