import type { InboundStatus } from '@parley/contracts';
import { CircleCheck, CircleMinus, Copy, Inbox } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { SectionError } from '@/components/section-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useInboundStatus } from '../api/get-inbound-status';
import { INBOUND_OFF_TEXT, INBOUND_OUTCOME_BADGES } from '../inbound-outcome';

/**
 * 'Inbound e-mail' (admins; docs/decisions/058-inbound-email.md): the address investors write to, whether
 * the SMTP listener and the webhook take mail, and what became of the latest deliveries.
 */
export function InboundEmailCard() {
  const id = useId();
  const status = useInboundStatus();
  return (
    <Card aria-labelledby={`${id}-title`} role="region" data-testid="inbound-email">
      <CardHeader className="gap-1.5">
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <Inbox aria-hidden className="size-4 text-muted-foreground" />
          Inbound e-mail
        </CardTitle>
        <CardDescription>
          Investors’ e-mail to this address, and their answers to the replies Parley sends, arrive in the
          inbox.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {status.isPending ? (
          <Spinner label="Loading inbound e-mail…" className="py-8" />
        ) : status.isError ? (
          <SectionError
            title="Failed to load inbound e-mail"
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <InboundDetails status={status.data} />
        )}
      </CardContent>
    </Card>
  );
}

function InboundDetails({ status }: { status: InboundStatus }) {
  return (
    <>
      {status.address ? (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="text-muted-foreground text-sm">Address</span>
          <code
            className="min-w-0 break-all rounded bg-muted px-2 py-1 font-mono text-sm"
            data-testid="inbound-address"
          >
            {status.address}
          </code>
          <CopyAddressButton address={status.address} />
        </div>
      ) : (
        <p className="text-sm" data-testid="inbound-address">
          {INBOUND_OFF_TEXT}
        </p>
      )}
      <ul className="grid gap-1.5 text-sm" aria-label="Ways in">
        <WayIn isOn={status.smtp_listening} on="SMTP listener is taking mail" off="SMTP listener is off" />
        <WayIn isOn={status.webhook_configured} on="Webhook is configured" off="Webhook is not configured" />
      </ul>
      <RecentDeliveries recent={status.recent} />
    </>
  );
}

function WayIn({ isOn, on, off }: { isOn: boolean; on: string; off: string }) {
  const Icon = isOn ? CircleCheck : CircleMinus;
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className={isOn ? 'size-4 text-status-pass' : 'size-4 text-muted-foreground'} />
      {isOn ? on : off}
    </li>
  );
}

function CopyAddressButton({ address }: { address: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Address copied');
    } catch {
      toast.error('Copying is not allowed here. Select the address and copy it.');
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden />
      Copy
      <span className="sr-only"> the inbound address</span>
    </Button>
  );
}

function RecentDeliveries({ recent }: { recent: InboundStatus['recent'] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-2">
      <p id={`${id}-title`} className="font-medium text-sm">
        Recent deliveries
      </p>
      {recent.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No e-mail has arrived yet. Mail sent to the address shows here with what became of it.
        </p>
      ) : (
        <Table stacked aria-label="Recent inbound deliveries" data-testid="inbound-deliveries">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>From</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Outcome</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {recent.map((delivery) => {
              const outcome = INBOUND_OUTCOME_BADGES[delivery.outcome];
              return (
                <TableRow key={delivery.id}>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatDateTime(delivery.received_at)}
                  </TableCell>
                  <TableCell label="From" className="break-all">
                    {delivery.from_address || '(no sender)'}
                  </TableCell>
                  <TableCell label="Subject" className="max-w-72 truncate" title={delivery.subject}>
                    {delivery.subject || '(no subject)'}
                  </TableCell>
                  <TableCell label="Outcome">
                    <Badge variant={outcome.variant} title={outcome.hint}>
                      {outcome.label}
                    </Badge>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
