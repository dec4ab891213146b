/** Leaves the app for another address in place of this page: Back does not return here. */
export function leaveFor(href: string): void {
  window.location.replace(href);
}
