import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { BrandHeader } from '../brand/brand-header.tsx';
import { invalidPageOutcome, type InvalidPageOutcome } from '../invite/invite-outcome.ts';
import { Card } from '../ui/card.tsx';

// The texts for each reason: what happened, and what to do (ask the owner for a new invite). Someone
// signed in whose invite was left open is led home, where the bike or the invite is.
const TEXTS = {
  unknown: { title: 'invite-invalid-page.title', text: 'invite-invalid-page.content.text' },
  expired: { title: 'invite-invalid-page.expired.title', text: 'invite-invalid-page.expired.text' },
  revoked: { title: 'invite-invalid-page.revoked.title', text: 'invite-invalid-page.revoked.text' },
  unusable: { title: 'invite-invalid-page.unusable.title', text: 'invite-invalid-page.unusable.text' },
  'own-invite': {
    title: 'invite-invalid-page.own-invite.title',
    text: 'invite-invalid-page.own-invite.text',
    home: true,
  },
  'already-rider': {
    title: 'invite-invalid-page.already-rider.title',
    text: 'invite-invalid-page.already-rider.text',
    home: true,
  },
  'taken-back': { title: 'invite-invalid-page.taken-back.title', text: 'invite-invalid-page.taken-back.text' },
} as const satisfies Record<InvalidPageOutcome, { title: string; text: string; home?: true }>;

/** Says why an invite cannot be used, from the address's `?reason=`, so a reload says the same. */
export function InvalidPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const texts = TEXTS[invalidPageOutcome(useLocation().search)];
  return (
    <>
      <BrandHeader title={t(texts.title)} />
      <main className="page">
        <Card>
          {/* The code comes from the address: React renders it as text, never as markup. */}
          <p className="card__text">{t(texts.text, { code })}</p>
          {'home' in texts && (
            <p className="card__text card__link">
              <Link to="/">{t('invite-invalid-page.home-link')}</Link>
            </p>
          )}
        </Card>
      </main>
    </>
  );
}
