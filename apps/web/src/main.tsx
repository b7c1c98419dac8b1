import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { watchPageUnload } from './lib/page-unload';
import { createQueryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

watchPageUnload();

const queryClient = createQueryClient();
// The session is asked for at once, while the first page's code loads, not once its guard has run.
void queryClient.prefetchQuery(sessionQueryOptions);
const router = createAppRouter(queryClient);

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
