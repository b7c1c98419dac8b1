import { KeyRound } from 'lucide-react';
import { PublicShell } from '@/components/public-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from './components/forgot-password-form';

/**
 * /auth/forgot (public, docs/product.md §2 Sign-in links): 'Forgot password?' from the sign-in page asks for
 * a reset link.
 */
export function ForgotPasswordPage() {
  return (
    <PublicShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <KeyRound className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
          <CardTitle as="h1" className="text-xl">
            Forgot password?
          </CardTitle>
          <CardDescription>
            Enter the e-mail address you sign in with. We will send you a link to choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
      </Card>
    </PublicShell>
  );
}
