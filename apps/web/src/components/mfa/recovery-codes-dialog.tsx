import { FormDialogHeader } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { RecoveryCodes } from './recovery-codes';

/** Newly made recovery codes, shown once in a dialog until the member says Done. */
export function RecoveryCodesDialog({
  codes,
  account,
  title,
  description,
  onClose,
}: {
  /** Null: the dialog is closed. */
  codes: string[] | null;
  account?: string | undefined;
  title: string;
  description: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <FormDialogHeader title={title} description={description} />
        {codes ? <RecoveryCodes codes={codes} account={account} /> : null}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
