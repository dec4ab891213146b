import type { AppConfig } from '../config/schema.ts';
import { fieldDataAllowed } from '../field/field-consent.ts';
import type { FieldStart } from './start-field.ts';

/**
 * Loads the field measurements' chunk once the page is loaded and the browser is idle, never
 * before: nothing of it is on the page's way to being usable. Not at all when the brand turned it
 * off or the browser asks not to be tracked (docs/field-data.md).
 */
export function loadFieldData(config: AppConfig, start: Omit<FieldStart, 'landing'>): void {
  if (!config.fieldData || !fieldDataAllowed()) return;
  const landing = window.location.pathname;
  const load = () => void import('./start-field.ts').then((field) => field.startField({ ...start, landing }));
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(load) : setTimeout(load));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
