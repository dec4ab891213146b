import type { AppConfig } from '../config/schema.ts';
import { fieldDataAllowed } from '../field/field-consent.ts';
import type { FieldStart } from './start-field.ts';

/**
 * The field chunk once the page has loaded and the browser is idle, never on its way to being
 * usable; not at all when the brand or the browser says no (docs/field-data.md).
 */
export function loadFieldData(config: AppConfig, start: Omit<FieldStart, 'landing'>): void {
  if (!config.fieldData || !fieldDataAllowed()) return;
  const landing = window.location.pathname;
  // Best effort: a page left while the chunk loads (Firefox then fails the import) measures nothing.
  const load = () =>
    void import('./start-field.ts').then(
      (field) => field.startField({ ...start, landing }),
      () => undefined,
    );
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(load) : setTimeout(load));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
