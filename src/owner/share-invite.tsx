import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { cleanName } from '../contract/clean-name.ts';
import { useTranslation } from 'react-i18next';
import { inviteLink } from '../contract/paths.ts';
import { QrCode } from '../hand-off/qr-code.tsx';
import { typeText } from '../i18n/setup-i18n.ts';
import { BikeCard, OwnerCard } from '../invite/owner-and-bike-cards.tsx';
import { Button } from '../ui/button.tsx';
import { usePainted } from '../ui/use-painted.ts';
import { useWatchingInvite } from './live-updates.tsx';
import { ownerBikesQuery, type OwnerInvite } from './owner-bikes-query.ts';
import { useBikeService } from './owner-service.ts';
import { useNow } from './use-now.ts';
import { dateAndTime } from './when.ts';
import { recordField } from '../field/record.ts';

const NOTICES = {
  copied: 'owner-invite.copied',
  'copy-failed': 'owner-invite.copy-failed',
  'share-failed': 'owner-invite.share-failed',
} as const;
type Notice = keyof typeof NOTICES;

type Ended = { status: 'accepted'; by?: string } | { status: 'revoked' | 'expired' };

/** That the invite was accepted (and by whom), withdrawn elsewhere, or expired, while it is shown: as the owner's
 * list says, or the clock for its expiry, which no event tells. */
function useEnded(invite: OwnerInvite): Ended | undefined {
  const now = useNow();
  const listed = useQuery({
    ...ownerBikesQuery(useBikeService()),
    select: (bikes) => bikes?.flatMap((bike) => bike.invites).find((each) => each.code === invite.code),
  }).data;
  if (listed?.status === 'accepted') return { status: 'accepted', by: listed.accepted_by?.display_name };
  if (listed?.status === 'revoked' || listed?.status === 'expired') return { status: listed.status };
  return Date.parse(invite.expires_at) <= now ? { status: 'expired' } : undefined;
}

/** An open invite's link and the ways to pass it on (Copy, Share, a QR code, the invitee's cards); once accepted, who in their place. */
export function ShareInvite({ invite }: { invite: OwnerInvite }) {
  const { t, i18n } = useTranslation();
  useWatchingInvite();
  const ended = useEnded(invite);
  const open = ended === undefined;
  const root = useRef<HTMLDivElement>(null);
  // The focus was on a part now gone: it goes to the dialog's way out, its news said by the status line.
  useEffect(() => {
    if (open || (document.activeElement && document.activeElement !== document.body)) return;
    root.current?.closest('dialog')?.querySelector<HTMLElement>('.dialog__actions button:last-child')?.focus();
  }, [open]);
  const [notice, setNotice] = useState<{ said?: Notice; count: number }>({ count: 0 });
  const onNotice = (said: Notice) => setNotice(({ count }) => ({ said, count: count + 1 }));
  const linkId = useId();
  const field = useRef<HTMLInputElement>(null);
  // The page's own origin is the brand's public one: the link opens this very app (decision 0032).
  const link = inviteLink(window.location.origin, invite.code);
  const canShare = typeof navigator.share === 'function';
  const note = cleanName(invite.note ?? '');
  const [withNote, setWithNote] = useState(false);
  // The QR code is shown with the link: counted as offered, as a scan cannot be seen from here.
  useEffect(() => recordField('shared_qr'), []);

  const copy = () => {
    const copied = navigator.clipboard
      ? navigator.clipboard.writeText(link)
      : Promise.reject(new Error('no clipboard'));
    copied.then(
      () => {
        recordField('shared_copy');
        onNotice('copied');
      },
      () => {
        field.current?.select(); // ready for the owner's own copy
        onNotice('copy-failed');
      },
    );
  };

  const share = () => {
    const invitation = t('owner-invite.share-text', {
      owner: cleanName(invite.owner_display_name),
      bike: cleanName(invite.bike_name),
      ...typeText(i18n, invite.type),
    });
    const text = note && withNote ? t('owner-invite.share-text-for', { note, text: invitation }) : invitation;
    navigator.share({ title: cleanName(invite.bike_name), text, url: link }).then(
      () => recordField('shared_sheet'),
      (error: unknown) => {
        // The owner closing the share sheet is no failure.
        if (!(error instanceof Error && error.name === 'AbortError')) onNotice('share-failed');
      },
    );
  };

  const noticeLine = (
    <p className={`share-notice${!open || notice.said === 'copied' ? '' : ' share-notice--failed'}`} role="status">
      {ended?.status === 'accepted' ? (
        <span className="share-notice__ended">
          {ended.by ? (
            <strong>{t('owner-home.announce.now-rides', { name: ended.by, bike: invite.bike_name })}</strong>
          ) : null}{' '}
          {t('owner-invite.accepted-text')}
        </span>
      ) : ended ? (
        <span className="share-notice__ended">{t(`owner-invite.ended.${ended.status}`)}</span>
      ) : notice.said ? (
        <span key={notice.count}>{t(NOTICES[notice.said])}</span>
      ) : null}
    </p>
  );
  // The link and Copy in the tap's frame; the QR code and the preview (images, a drawing) after it.
  const painted = usePainted();

  // The status line stays the same element, so that what it says is heard.
  return (
    <div className="share-invite" ref={root}>
      {open ? (
        <>
          <p className="card__text share-invite__valid">
            {t('owner-invite.valid-until', { date: dateAndTime(invite.expires_at, i18n.language) })}
          </p>
          <label className="field-label" htmlFor={linkId}>
            {t('owner-invite.link')}
          </label>
          <input
            id={linkId}
            ref={field}
            className="share-invite__link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="card__actions share-invite__actions">
            <Button onClick={copy}>{t('owner-invite.copy')}</Button>
            {canShare ? (
              <Button variant="secondary" onClick={share}>
                {t('owner-invite.share')}
              </Button>
            ) : null}
          </div>
          {canShare && note ? (
            <label className="share-invite__with-note">
              <input type="checkbox" checked={withNote} onChange={(event) => setWithNote(event.target.checked)} />
              {t('owner-invite.share-note', { note })}
            </label>
          ) : null}
        </>
      ) : null}
      {/* What Copy or Share did, under them, seen and heard; a new text node says the same words again. */}
      {noticeLine}
      {open && painted ? (
        <div className="share-invite__more">
          <figure className="share-invite__qr">
            <div className="qr-hand-off__code">
              <Suspense fallback={null}>
                <QrCode value={link} label={t('owner-invite.qr.alt')} />
              </Suspense>
            </div>
            <figcaption>
              <p className="share-invite__caption-title">{t('owner-invite.qr.title')}</p>
              <p className="card__text">{t('owner-invite.qr.text')}</p>
            </figcaption>
          </figure>
          <figure className="share-invite__preview">
            <figcaption className="share-invite__caption-title">{t('owner-invite.preview')}</figcaption>
            <div className="share-invite__cards">
              <OwnerCard invite={invite} dimmed={false} namedBelow={false} />
              <BikeCard invite={invite} dimmed={false} />
            </div>
          </figure>
        </div>
      ) : null}
    </div>
  );
}
