// Where a brand's pictures are on the app's origin (public/assets/img/, drawn by `npm run images`).

const IMG = '/assets/img';

/** The logo of a config without its own (`logo`), and of a brand the build has no logo for. */
export const DEFAULT_LOGO_PATH = `${IMG}/default_logo.svg`;

/** The avatar shown when a user's own picture fails to load (`defaultProfileUrl`). */
export const DEFAULT_PROFILE_PATH = `${IMG}/default_profile.svg`;

/** The icon every page links. A PNG: Chromium draws an SVG icon as a document on the page's main
 * thread at every change of the address in place, which the app makes (decision 0033). */
export const FAVICON_PATH = `${IMG}/favicon.png`;

/** The brand's logo, drawn for its light primary colour (the header keeps that colour in dark mode). */
export function brandLogoPath(app: string): string {
  return `${IMG}/${encodeURIComponent(app)}_logo.svg`;
}

/** The brand's invite graphic: the outcome pages' picture, and the preview image of a page without an invite. */
export function inviteGraphicPath(app: string, scheme: 'light' | 'dark' = 'light'): string {
  return `${IMG}/${encodeURIComponent(app)}_invite_graphic${scheme === 'dark' ? '_dark' : ''}.png`;
}
