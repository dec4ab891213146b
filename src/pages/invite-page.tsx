import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../brand/brand-header.tsx';

// The screen itself is built with the sign-in and invite flows (issues 4 and 5).
export function InvitePage() {
  const { t } = useTranslation();
  return <BrandHeader title={t('invite-page.title')} />;
}
