import { Suspense, lazy, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../store';

const LoginDialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));

/**
 * The login dialog, loaded the first time someone opens it rather than with every page: most first visits
 * never do, and its code (the dialog with its focus trap and scroll lock, both forms) is ~8 kB compressed on a
 * phone's first load. Once loaded it stays mounted, so it opens and closes as before.
 */
export function LoginDialogOnDemand() {
  const { dialogOpen } = useSnapshot(authState);
  const [wanted, setWanted] = useState(dialogOpen);
  if (dialogOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  ) : null;
}
