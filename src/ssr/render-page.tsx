// The app server's entry (built by `vite build --ssr` into dist-ssr/): the same components as the
// browser, rendered to HTML for the invite, decline and invalid pages, plus the rules the server
// must share with the browser (route table, language choice, config, theme). Everything a page
// needs is given; nothing here touches the network or web storage.
import { QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ReactElement } from 'react';
import { AppBody, AppProviders } from '../app/app.tsx';
import type { Session } from '../auth/session.ts';
import { readStartupParams } from '../auth/startup-params.ts';
import { themeStyleSheet } from '../brand/apply-theme.ts';
import { themeFor } from '../brand/themes.ts';
import { bikeApiBase, parseConfig } from '../config/load-config.ts';
import type { AppConfig, Language } from '../config/schema.ts';
import { chooseLanguage } from '../i18n/choose-language.ts';
import { typeName } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { deadInvite } from '../invite/invite-failure.ts';
import { isInviteCode } from '../rules/invite-code.ts';
import { inviteTitle } from '../invite/invite-title.ts';
import { inviteKey } from '../invite/use-invite.ts';
import { ROUTE_PREFIX, routeAt } from '../routing/paths.ts';

export { SERVER_DATA_ID, serializeServerData, type ServerData } from './server-data.ts';

/** The pages the server renders; every other address gets the app's static page. */
const RENDERED = new Set(['invite', 'decline', 'invalid']);

export type PagePlan =
  | { render: false }
  | { render: true; route: 'invalid'; code: string }
  | { render: true; route: 'invite' | 'decline'; code: string };

/** What the server does for an address path: render it (and fetch its invite first) or not. */
export function planPage(pathname: string): PagePlan {
  const route = routeAt(pathname);
  if (!route || !RENDERED.has(route.name)) return { render: false };
  const code = route.code ?? '';
  if (route.name === 'invalid') return { render: true, route: 'invalid', code };
  // An invite code that cannot be one goes to the invalid page in the browser, without a request.
  return isInviteCode(code) ? { render: true, route: route.name as 'invite' | 'decline', code } : { render: false };
}

/** The invite the page can show: the bike service's answer when it is a pending invite. */
export function pendingInvite(body: unknown): BikeInvite | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const invite = body as Record<string, unknown>;
  const text = (key: string) => typeof invite[key] === 'string';
  if (!text('owner_display_name') || !text('bike_name') || !text('bike_image_url')) return undefined;
  return deadInvite(invite as BikeInvite) ? undefined : (invite as BikeInvite);
}

export type PageMeta = {
  title: string;
  description: string;
  siteName: string;
  /** An image path or address as the app uses it; the server makes it absolute. */
  image: string;
};

const OG_LOCALES: Record<Language, string> = { nl: 'nl_NL', en: 'en_GB', de: 'de_DE' };

const refuse = () => Promise.reject(new Error('not on the server'));

/** A server that never calls anything: rendering reads the session, it does not use it. */
function renderOnlySession(): Session {
  return {
    http: { request: refuse, get: refuse, post: refuse },
    start: refuse,
    login: refuse,
    logout: refuse,
  };
}

/**
 * The HTML of a tree, synchronously when every lazy screen in it has loaded (React then renders it
 * in one pass, about twice as fast); otherwise waiting for them, which happens once per screen.
 */
function renderToHtml(element: ReactElement): Promise<string> {
  const html = renderToString(element);
  // A boundary React could not finish (a screen's code still loading) is marked <!--$!-->, or
  // <!--$?--> when pending: the browser would render it anew. Wait for everything instead.
  if (!html.includes('<!--$!') && !html.includes('<!--$?')) return Promise.resolve(html);
  return prerenderToHtml(element);
}

async function prerenderToHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

export type Renderer = {
  config: AppConfig;
  /** The bike service base as the browser sees it (may be a path: the server resolves it). */
  bikeBase: string;
  language(linkLanguage: string | null, acceptLanguages: readonly string[]): Language;
  ogLocale(language: Language): string;
  meta(language: Language, invite?: BikeInvite): PageMeta;
  themeStyleSheet: string;
  cardStyle: string;
  /**
   * The routed area's HTML for an address (path and query) that planPage said to render, and the
   * preloads React asks for (the bike photo, the logo), which belong in <head>.
   */
  render(address: string, language: Language, invite?: { code: string; body: BikeInvite }): Promise<RenderedPage>;
};

export type RenderedPage = { head: string; html: string };

// React puts the resources it wants loaded early before the markup, as <link> tags.
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

function splitPreloads(html: string): RenderedPage {
  const head = LEADING_LINKS.exec(html)?.[0] ?? '';
  return { head, html: html.slice(head.length) };
}

export type RendererInput = { configText: string; texts: Partial<Record<Language, Record<string, unknown>>> };

/**
 * Prepares rendering for one config: one i18next instance per language, made once (rendering only
 * reads them). A config the app would refuse is refused here too: the browser then shows its
 * config error page, as on a static deploy.
 */
export function createRenderer({
  configText,
  texts,
}: RendererInput): { ok: true; renderer: Renderer } | { ok: false; detail: string } {
  const parsed = parseConfig(configText);
  if (!parsed.ok) return { ok: false, detail: `${parsed.problem}: ${parsed.detail}` };
  const { config } = parsed;
  const instances = new Map<Language, i18n>();
  for (const language of config.languages) {
    const resources: Resource = {};
    for (const lng of new Set<Language>([language, 'en'])) {
      const translation = texts[lng];
      if (translation) resources[lng] = { translation: translation as Resource[string]['translation'] };
    }
    const instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: language !== 'en' ? 'en' : false,
      supportedLngs: [...config.languages, 'en'],
      resources,
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes what it renders; the server escapes the head
      returnNull: false,
    });
    instances.set(language, instance);
  }
  const instanceFor = (language: Language) => instances.get(language) ?? instances.values().next().value!;
  const theme = themeFor(config.app);
  const session = renderOnlySession();

  const renderer: Renderer = {
    config,
    bikeBase: bikeApiBase(config),
    language: (linkLanguage, acceptLanguages) => chooseLanguage([linkLanguage, ...acceptLanguages], config.languages),
    ogLocale: (language) => OG_LOCALES[language],
    meta(language, invite) {
      const i18n = instanceFor(language);
      const t = i18n.getFixedT(language);
      const brand = theme.name;
      const type = typeName(i18n, invite?.type ?? config.type);
      if (invite) {
        return {
          title: inviteTitle(t, invite),
          description: t('meta.invite.description', {
            owner: invite.owner_display_name,
            bike: invite.bike_name,
            type,
            brand,
          }),
          siteName: brand,
          image: invite.bike_image_url,
        };
      }
      return {
        title: t('meta.site.title', { brand }),
        description: t('meta.site.description', { brand, type }),
        siteName: brand,
        image: `/assets/img/${config.app}_invite_graphic.png`,
      };
    },
    themeStyleSheet: themeStyleSheet(theme),
    cardStyle: theme.cardStyle,
    render(address, language, invite) {
      const queryClient = new QueryClient();
      if (invite) queryClient.setQueryData(inviteKey(invite.code), invite.body);
      const url = new URL(address, 'http://server.invalid');
      const page = renderToHtml(
        <AppProviders
          config={config}
          i18n={instanceFor(language)}
          startup={readStartupParams(url.search)}
          session={session}
          queryClient={queryClient}
        >
          <StaticRouter basename={ROUTE_PREFIX} location={url.pathname + url.search}>
            <AppBody />
          </StaticRouter>
        </AppProviders>,
      );
      return page.then(splitPreloads);
    },
  };
  return { ok: true, renderer };
}
