import { resetApiConsole } from '../features/api-docs';
import { resetAuth } from '../features/auth';
import { resetChallenges } from '../features/challenges';
import { resetConnections } from '../features/connections';
import { resetDiaryDialog } from '../features/diary';
import { resetRealtime } from '../features/realtime';
import { resetLiveFeed } from '../features/social';
import { resetCsrfToken } from '../lib/api-client';
import { resetServerClock } from '../lib/server-clock';
import { resetToasts } from '../ui/toast';

/**
 * Every store the app keeps outside React, as on a fresh page load. The unit-frontend files share their
 * modules (vitest `isolate: false`: importing React, Radix and the contract once per worker instead of
 * once per file); this gives each file the state a fresh import would have.
 */
export function resetToFreshPageState(): void {
  resetApiConsole();
  resetAuth();
  resetChallenges();
  resetConnections();
  resetDiaryDialog();
  resetRealtime();
  resetLiveFeed();
  resetCsrfToken();
  resetServerClock();
  resetToasts();
}
