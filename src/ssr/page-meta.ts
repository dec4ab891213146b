import type { i18n } from 'i18next';
import { cleanName } from '../contract/clean-name.ts';
import { inviteGraphicPath } from '../contract/brand-assets.ts';
import { themeFor } from '../contract/themes.ts';
import type { AppConfig } from '../config/schema.ts';
import { languageRow, type Language } from '../contract/languages.ts';
import { typeText } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { inviteTitle } from '../invite/invite-title.ts';
import type { PageMeta } from './renderer-contract.ts';

// What a page says of itself to a link preview (the app server writes it as <title> and Open Graph tags).

export const ogLocale = (language: Language) => languageRow(language).ogLocale;

/** The invite's preview on its invite page (`invite`); the brand's own on every other page. */
export function pageMeta(config: AppConfig, i18n: i18n, language: Language, invite?: BikeInvite): PageMeta {
  const t = i18n.getFixedT(language);
  const brand = themeFor(config.app).name;
  const type = typeText(i18n, invite?.type ?? config.type);
  if (invite) {
    return {
      title: inviteTitle(t, invite),
      description: t('meta.invite.description', {
        owner: cleanName(invite.owner_display_name),
        bike: cleanName(invite.bike_name),
        ...type,
        brand,
      }),
      siteName: brand,
      image: invite.bike_image_url,
    };
  }
  return {
    title: t('meta.site.title', { brand }),
    description: t('meta.site.description', { brand, ...type }),
    siteName: brand,
    image: inviteGraphicPath(config.app),
  };
}
