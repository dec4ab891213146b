import { useHref } from 'react-router';
import { useConfig } from '../config/config-context.tsx';
import { paths } from '../routing/paths.ts';

/** The `content` of Safari's Smart App Banner: the App Store app, and the link the installed app opens. */
export function smartAppBannerContent(appStoreId: string, inviteUrl: string): string {
  return `app-id=${appStoreId}, app-argument=${inviteUrl}`;
}

/**
 * iOS Safari's Smart App Banner for this invite, only when the brand has configured its iOS app.
 * React hoists the <meta> into <head> and removes it when the page is left. The argument is the
 * invite's own address, never the current one (which may carry the sign-in return parameters).
 */
export function SmartAppBanner({ code }: { code: string }) {
  const ios = useConfig().appStore?.ios;
  const invitePath = useHref(paths.invite(code));
  if (!ios) return null;
  const inviteUrl = new URL(invitePath, window.location.origin).href;
  return <meta name="apple-itunes-app" content={smartAppBannerContent(ios.appStoreId, inviteUrl)} />;
}
