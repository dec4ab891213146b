import { createPortal } from 'react-dom';
import { useHref } from 'react-router';
import { useConfig } from '../config/config-context.tsx';
import { paths } from '../contract/paths.ts';
import type { InviteCode } from '../contract/invite-code.ts';

/** The `content` of Safari's Smart App Banner: the App Store app, and the link the installed app opens. */
export function smartAppBannerContent(appStoreId: string, inviteUrl: string): string {
  return `app-id=${appStoreId}, app-argument=${inviteUrl}`;
}

/**
 * Safari's Smart App Banner <meta> in <head> when the brand has an iOS app; its argument the invite's
 * own address. Rendered once hydrated only: a portal, which the server does not render.
 */
export function SmartAppBanner({ code }: { code: InviteCode }) {
  const ios = useConfig().appStore?.ios;
  const invitePath = useHref(paths.invite(code));
  if (!ios) return null;
  const inviteUrl = new URL(invitePath, window.location.origin).href;
  return createPortal(
    <meta name="apple-itunes-app" content={smartAppBannerContent(ios.appStoreId, inviteUrl)} />,
    document.head,
  );
}
