import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { loadSession } from './features/auth';
import './styles/index.css';

const router = createBrowserRouter(routes);

// The session check starts before the first render so the header settles as early as possible.
void loadSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
