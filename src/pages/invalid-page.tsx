import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandHeader } from '../brand/brand-header.tsx';
import { Card } from '../ui/card.tsx';

export function InvalidPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  return (
    <>
      <BrandHeader title={t('invite-invalid-page.title')} />
      <main className="page">
        <Card>
          {/* The code comes from the address: React renders it as text, never as markup. */}
          <p className="card__text">{t('invite-invalid-page.content.text', { code })}</p>
        </Card>
      </main>
    </>
  );
}
