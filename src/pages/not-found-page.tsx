import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandHeader } from '../brand/brand-header.tsx';
import { Card } from '../ui/card.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <BrandHeader title={t('not-found-page.title')} />
      <main className="page">
        <Card>
          <p className="card__text">{t('not-found-page.text')}</p>
          <p className="card__text card__link">
            <Link to="/">{t('not-found-page.link')}</Link>
          </p>
        </Card>
      </main>
    </>
  );
}
