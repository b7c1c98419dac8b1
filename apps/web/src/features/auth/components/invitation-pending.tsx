import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** The invitation panel while its code or the invitation's preview loads. */
export function InvitationPending() {
  return (
    <Card>
      <CardContent>
        <Spinner label="Checking your invitation..." className="py-4" />
      </CardContent>
    </Card>
  );
}
