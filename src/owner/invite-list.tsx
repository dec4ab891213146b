import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanName } from '../contract/clean-name.ts';
import { Button } from '../ui/button.tsx';
import { useAnnounce } from './announcer.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { failureText } from './failure-text.ts';
import { groupInvites } from './invite-groups.ts';
import type { OwnerBike, OwnerInvite } from './owner-bikes-query.ts';
import { ShareDialog } from './share-dialog.tsx';
import { longDate, relativeTime } from './when.ts';
import { dayText } from '../i18n/day-text.ts';
import { useWithdrawInvite } from './withdraw-invite.ts';

const endedStatus = (invite: OwnerInvite) =>
  invite.status === 'accepted' || invite.status === 'revoked' ? invite.status : 'expired';

/** Who an invite is for, as its owner wrote it. */
function InviteNote({ invite }: { invite: OwnerInvite }) {
  const { t } = useTranslation();
  const note = cleanName(invite.note ?? '');
  return note ? <p className="owner-invite__note">{t('owner-home.invites.for', { note })}</p> : null;
}

/** A bike's invites: the open ones to share again or withdraw, the ended ones (who accepted each) folded away. */
export function InviteList({ bike, now }: { bike: OwnerBike; now: number }) {
  const { t, i18n } = useTranslation();
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  const [sharing, setSharing] = useState<OwnerInvite>();
  const [withdrawing, setWithdrawing] = useState<OwnerInvite>();
  const withdraw = useWithdrawInvite();
  const { open, ended } = groupInvites(bike.invites, now);
  const language = i18n.language;
  const endedText = (invite: OwnerInvite) => {
    if (invite.status === 'accepted') {
      const date = longDate(invite.accepted_at ?? invite.created_at, language);
      const name = invite.accepted_by?.display_name;
      return name
        ? t('owner-home.invites.accepted', { name, date })
        : t('owner-home.invites.accepted-unknown', { date });
    }
    return invite.status === 'revoked'
      ? t('owner-home.invites.withdrawn', { when: relativeTime(invite.revoked_at ?? invite.expires_at, now, language) })
      : t('owner-home.invites.expired', { when: relativeTime(invite.expires_at, now, language) });
  };

  return (
    <div className="owner-bike__part">
      <h4 className="owner-bike__subtitle" ref={heading} tabIndex={-1}>
        {t('owner-home.invites.title')}
      </h4>
      {open.length === 0 ? <p className="card__text owner-muted">{t('owner-home.invites.none')}</p> : null}
      <ul className="owner-list">
        {open.map((invite) => (
          <li className="owner-list__item" key={invite.code}>
            <div className="owner-list__body">
              <p className="owner-invite__code">
                <span className="badge badge--open">{t('owner-home.invites.status.pending')}</span>{' '}
                <code>{invite.code}</code>
              </p>
              <InviteNote invite={invite} />
              <p className="owner-muted">
                {t('owner-home.invites.created', { date: longDate(invite.created_at, language) })}
                {'\u00a0· '}
                {t('owner-home.invites.expires', { when: relativeTime(invite.expires_at, now, language) })}
              </p>
              {invite.access_until ? (
                <p className="owner-muted">
                  {t('owner-home.invites.access', { date: dayText(invite.access_until, language, now) })}
                </p>
              ) : null}
            </div>
            <div className="owner-list__actions">
              <Button
                className="button--small"
                onClick={() => setSharing(invite)}
                aria-label={t('owner-home.invites.share-label', { code: invite.code })}
              >
                {t('owner-home.invites.share')}
              </Button>
              <Button
                variant="secondary"
                className="button--small"
                onClick={() => setWithdrawing(invite)}
                aria-label={t('owner-home.invites.withdraw-label', { code: invite.code })}
              >
                {t('owner-home.invites.withdraw')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {ended.length > 0 ? (
        <details className="owner-ended">
          <summary>{t('owner-home.invites.ended', { count: ended.length })}</summary>
          <ul className="owner-list">
            {ended.map((invite) => (
              <li className="owner-list__item" key={invite.code}>
                <div className="owner-list__body">
                  <p className="owner-invite__code">
                    <span className="badge">{t(`owner-home.invites.status.${endedStatus(invite)}`)}</span>{' '}
                    <code>{invite.code}</code>
                  </p>
                  <InviteNote invite={invite} />
                  <p className="owner-muted">{endedText(invite)}</p>
                </div>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {sharing ? <ShareDialog invite={sharing} onClose={() => setSharing(undefined)} /> : null}
      {withdrawing ? (
        <ConfirmDialog
          title={t('owner-confirm.withdraw.title')}
          subject={
            <div className="confirm-subject">
              <p className="owner-invite__code">
                <code>{withdrawing.code}</code>
              </p>
              <InviteNote invite={withdrawing} />
            </div>
          }
          text={t('owner-confirm.withdraw.text')}
          confirmLabel={t('owner-confirm.withdraw.btn')}
          onConfirm={() => withdraw.mutateAsync(withdrawing.code)}
          failureText={(error) =>
            failureText(t, error, {
              unreachable: t('owner-confirm.withdraw.failed'),
              used: t('owner-confirm.withdraw.used'),
              unknown: t('owner-confirm.withdraw.unknown'),
            })
          }
          onCancel={() => setWithdrawing(undefined)}
          onDone={() => {
            setWithdrawing(undefined);
            announce(t('owner-home.announce.withdrawn'));
          }}
          focusAfter={() => heading.current}
        />
      ) : null}
    </div>
  );
}
