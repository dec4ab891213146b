import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import type { OwnerInvite } from './owner-bikes-query.ts';
import { ShareInvite } from './share-invite.tsx';

/** An open invite of the list, to pass on again. */
export function ShareDialog({ invite, onClose }: { invite: OwnerInvite; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('owner-home.invites.share-label', { code: invite.code })}
      onClose={onClose}
      className="invite-dialog"
    >
      <ShareInvite invite={invite} />
      <div className="card__actions dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('owner-invite.done')}
        </Button>
      </div>
    </Dialog>
  );
}
