import { QueryClientProvider } from '@tanstack/react-query';
import { MotionConfig } from 'framer-motion';
import { useState, type ReactNode } from 'react';
import { SocketProvider } from '../features/realtime';
import { createQueryClient } from '../lib/query-client';
import { useHydrated } from '../lib/use-hydrated';
import { Toaster } from '../ui/toast';
import { seedFromInitialData } from './initial-data';
import { LiveSearchEvents } from './live-search-events';
import { ProgressionEvents } from './progression-events';
import { SessionSocketSync } from './session-socket-sync';

/** Everything the pages rely on: the query cache, the one socket, motion preferences and the toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  // Seeded with the public data the server drew this page with, so the first render matches its HTML.
  const [queryClient] = useState(() => seedFromInitialData(createQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      {/* "user": framer-motion drops transform animations when the OS asks for reduced motion. */}
      <MotionConfig reducedMotion="user">
        <SocketProvider>
          <SessionSocketSync />
          <LiveSearchEvents />
          <ProgressionEvents />
          {children}
          {/* After the first render: the server's page has no toast region, and no toast comes before that. */}
          <AfterFirstRender>
            <Toaster />
          </AfterFirstRender>
        </SocketProvider>
      </MotionConfig>
    </QueryClientProvider>
  );
}

/** Renders its children once the server's HTML is hydrated (at once when there was none to hydrate). */
function AfterFirstRender({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
