// jsdom's <dialog> lacks showModal() and close(): the parts the app's Dialog uses (inertness is the e2e tests').

function showModal(this: HTMLDialogElement): void {
  this.setAttribute('open', '');
}

function close(this: HTMLDialogElement): void {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
}

export function installDialogPolyfill(): void {
  const dialog: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
  if (dialog.showModal) return;
  Object.assign(dialog, { showModal, close });
}
