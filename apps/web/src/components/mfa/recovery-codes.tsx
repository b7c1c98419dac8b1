import { MFA_TEXTS, PRODUCT_NAME, RECOVERY_CODES_FILE_NAME } from '@parley/contracts';
import { Copy, Download, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { downloadTextFile } from '@/lib/download';

/** The text of the downloaded file: what the codes are for, then one code per line. */
function recoveryCodesFile(codes: string[], account: string | undefined): string {
  return [
    `${PRODUCT_NAME} recovery codes${account ? ` for ${account}` : ''}`,
    `Generated ${new Date().toISOString()}`,
    'Each code works once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * docs/product.md §4 MFA enrollment step "recovery": the codes, shown once, with Copy and Download (a .txt
 * file).
 */
export function RecoveryCodes({ codes, account }: { codes: string[]; account?: string | undefined }) {
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(MFA_TEXTS.recoveryCodesCopied);
    } catch {
      toast.error('Copying is not allowed here. Select the codes and copy them, or download them.');
    }
  }

  function onDownload() {
    downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesFile(codes, account));
  }

  return (
    <div className="grid gap-4">
      <Alert variant="info">
        <KeyRound aria-hidden="true" />
        <AlertTitle>Save these recovery codes now</AlertTitle>
        <AlertDescription>
          They are shown only this once. Each one works a single time if you lose your authenticator app.
        </AlertDescription>
      </Alert>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/50 p-4 font-mono text-sm tracking-wider"
      >
        {codes.map((code) => (
          <li key={code} className="select-all text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
    </div>
  );
}
