import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { useGoogleSignIn } from '../api/get-providers';
import { authState, setLoginDialogOpen, setLoginDialogTab, type AuthDialogTab } from '../store';
import { GoogleMark, OrDivider } from './google-mark';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/** Where 'Sign in with Google' sends the browser (spec: the dialog's Google button). */
export const GOOGLE_SIGN_IN_PATH = '/api/login';

const close = () => setLoginDialogOpen(false);

/** The login and register dialog, opened by every Login button; state lives in the auth store. */
export function LoginDialog() {
  const { dialogOpen, dialogTab } = useSnapshot(authState);
  const google = useGoogleSignIn(dialogOpen);
  return (
    <Dialog open={dialogOpen} onOpenChange={setLoginDialogOpen}>
      <DialogContent>
        <div className="mb-6 pr-6">
          <DialogTitle>Welcome to Cinema DNA</DialogTitle>
          <DialogDescription>Discover the hidden connections in cinema</DialogDescription>
        </div>
        <Tabs value={dialogTab} onValueChange={(tab) => setLoginDialogTab(tab as AuthDialogTab)}>
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="grid gap-4">
            <LoginForm onSuccess={close} />
            {google && (
              <>
                <OrDivider />
                <Button variant="secondary" size="lg" className="w-full" onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}>
                  <GoogleMark />
                  Sign in with Google
                </Button>
              </>
            )}
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onSuccess={close} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
