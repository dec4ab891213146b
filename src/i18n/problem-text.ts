import type { TFunction } from 'i18next';
import { bikeProblemType } from '../contract/problem-types.ts';

/** The app's own words for a problem the bike service answered with, by its `type`; undefined for one the contract does not define. */
export function problemText(t: TFunction, type: unknown): string | undefined {
  const slug = bikeProblemType(type);
  return slug === undefined ? undefined : t(`problem.${slug}`);
}
