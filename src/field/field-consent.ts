declare global {
  interface Navigator {
    /** Global Privacy Control (w3c.github.io/gpc): not in TypeScript's DOM types yet. */
    globalPrivacyControl?: boolean;
  }
}

/** Whether this browser lets the app send field data: not with Do Not Track or Global Privacy Control. */
export function fieldDataAllowed(nav: Navigator = navigator): boolean {
  return nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}
