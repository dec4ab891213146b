import { ROUTE_PATTERNS, ROUTE_PREFIX, type RouteName } from '../contract/paths.ts';

const MATCHERS = (Object.entries(ROUTE_PATTERNS) as [RouteName, string][]).map(
  ([name, pattern]) => [name, new RegExp(`^${pattern.replace(/:[a-z]+/g, '[^/]+')}/?$`)] as const,
);

/** The name of the route an address path is on, the only part of an address field data carries. */
export function routeNameOf(pathname: string): RouteName | undefined {
  if (pathname !== ROUTE_PREFIX && !pathname.startsWith(ROUTE_PREFIX + '/')) return undefined;
  const inApp = pathname.slice(ROUTE_PREFIX.length) || '/';
  return MATCHERS.find(([, matcher]) => matcher.test(inApp))?.[0];
}
