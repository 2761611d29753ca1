import { QueryClientProvider } from '@tanstack/react-query';
import { MotionConfig } from 'framer-motion';
import { useState, type ReactNode } from 'react';
import { SocketProvider } from '../features/realtime';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../ui/toast';
import { LiveSearchEvents } from './live-search-events';
import { ProgressionEvents } from './progression-events';
import { SessionSocketSync } from './session-socket-sync';

/** Everything the pages rely on: the query cache, the one socket, motion preferences and the toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* "user": framer-motion drops transform animations when the OS asks for reduced motion. */}
      <MotionConfig reducedMotion="user">
        <SocketProvider>
          <SessionSocketSync />
          <LiveSearchEvents />
          <ProgressionEvents />
          {children}
          <Toaster />
        </SocketProvider>
      </MotionConfig>
    </QueryClientProvider>
  );
}
