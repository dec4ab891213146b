// The app server's renderer (built into dist-ssr/): the browser's routes and components through
// React Router's static handler; its contract is renderer-contract.ts. Its only request is the
// anonymous invite read the app server hands in.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import PAGE_SCRIPT from 'virtual:page-script';
import { AppProviders } from '../app/app.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/routes.tsx';
import type { Session } from '../auth/session.ts';
import { readStartupParams } from '../auth/startup-params.ts';
import { themeStyleSheet } from '../brand/apply-theme.ts';
import { themeFor } from '../brand/themes.ts';
import { bikeApiBase } from '../config/load-config.ts';
import { parseConfig } from '../config/parse-config.ts';
import type { AppConfig } from '../config/schema.ts';
import { detectDevice } from '../device/detect-device.ts';
import { deviceQuery } from '../device/use-device.ts';
import { createI18n, typeText } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { deadInvite } from '../invite/invite-failure.ts';
import { inviteKey, type InviteReader } from '../invite/invite-query.ts';
import { inviteTitle } from '../invite/invite-title.ts';
import { ROUTE_PREFIX, type RouteName } from '../contract/paths.ts';
import { chooseLanguage, languageRow, type Language } from '../contract/languages.ts';
import { recentPages } from './recent-pages.ts';
import type { InviteAnswer, PageMeta, RenderedPage, RendererModule, RenderRequest } from './renderer-contract.ts';
import { serializeServerData } from './server-data.ts';

export { SERVER_DATA_ID } from './server-data.ts';
export { PAGE_SCRIPT };

/** The invite a page can show: the bike service's answer when it is a pending invite. */
function pendingInvite(body: unknown): BikeInvite | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const invite = body as Record<string, unknown>;
  const text = (key: string) => typeof invite[key] === 'string';
  if (!text('owner_display_name') || !text('bike_name') || !text('bike_image_url')) return undefined;
  return deadInvite(invite as BikeInvite) ? undefined : (invite as BikeInvite);
}

/** The server reads once, and only a pending invite counts: anything else is the browser's to show. */
const serverReader =
  (read: (code: string) => Promise<InviteAnswer>): InviteReader =>
  async (code) => {
    const answer = await read(code);
    const invite = answer.ok ? pendingInvite(answer.body) : undefined;
    if (!invite) throw new Error(answer.ok ? 'not a pending invite' : answer.reason);
    return invite;
  };

const refuse = () => Promise.reject(new Error('not on the server'));

/** A server renders an anonymous visit: it reads the session, it never uses it. */
const renderOnlySession: Session = {
  http: { request: refuse, get: refuse, post: refuse },
  start: () => undefined,
  login: refuse,
  logout: refuse,
};

// React puts the resources it wants loaded early (the photo) before the markup, as <link> tags.
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

function metaFor(config: AppConfig, i18n: i18n, language: Language, invite: BikeInvite | undefined): PageMeta {
  const t = i18n.getFixedT(language);
  const brand = themeFor(config.app).name;
  const type = typeText(i18n, invite?.type ?? config.type);
  if (invite) {
    return {
      title: inviteTitle(t, invite),
      description: t('meta.invite.description', {
        owner: invite.owner_display_name,
        bike: invite.bike_name,
        ...type,
        brand,
      }),
      siteName: brand,
      image: invite.bike_image_url,
    };
  }
  return {
    title: t('meta.site.title', { brand }),
    description: t('meta.site.description', { brand, ...type }),
    siteName: brand,
    image: `/assets/img/${config.app}_invite_graphic.png`,
  };
}

/** Every query the page's loaders started has its data: nothing on the page waits for the browser. */
const complete = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === 'success');

/** Prepares rendering for one brand's config (one i18next instance per language); refuses a config the app would. */
export const createRenderer: RendererModule['createRenderer'] = ({ configText, texts }) => {
  const parsed = parseConfig(configText);
  if (!parsed.ok) return { ok: false, detail: `${parsed.problem}: ${parsed.detail}` };
  const { config } = parsed;
  const instances = new Map<Language, i18n>(
    config.languages.map((language) => [language, createI18n(language, config.languages, texts)]),
  );
  const instanceFor = (language: Language) => instances.get(language) ?? instances.values().next().value!;
  const theme = themeFor(config.app);
  const recent = recentPages<{ head: string; html: string }>(256);

  async function render({ address, language, userAgent, readInvite }: RenderRequest): Promise<RenderedPage> {
    const i18n = instanceFor(language);
    const queryClient = createQueryClient({
      readInvite: serverReader(readInvite),
      retries: false,
      detectDevice: async () => detectDevice(userAgent, 0),
    });
    const url = new URL(address, 'http://app.invalid');
    const handler = createStaticHandler(appRoutes(queryClient), { basename: ROUTE_PREFIX });
    const context = await handler.query(new Request(url));
    if (context instanceof Response || !complete(queryClient)) {
      return { rendered: false, meta: metaFor(config, i18n, language, undefined) };
    }
    const leaf = context.matches.at(-1);
    const invite =
      leaf?.route.id === ('invite' satisfies RouteName)
        ? queryClient.getQueryData<BikeInvite>(inviteKey(leaf.params.code ?? ''))
        : undefined;
    // The device is the server's guess from the User-Agent header: the browser detects it again.
    void queryClient.invalidateQueries({ queryKey: deviceQuery().queryKey, refetchType: 'none' });

    const key = JSON.stringify([
      language,
      address,
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    ]);
    let page = recent.get(key);
    if (!page) {
      const html = renderToString(
        <AppProviders
          config={config}
          i18n={i18n}
          startup={readStartupParams(url.search)}
          session={renderOnlySession}
          queryClient={queryClient}
        >
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>,
      );
      const head = LEADING_LINKS.exec(html)?.[0] ?? '';
      page = { head, html: html.slice(head.length) };
      recent.set(key, page);
    }
    const data = serializeServerData({
      config,
      language,
      texts: { [language]: texts[language] },
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      queries: dehydrate(queryClient),
    });
    return { rendered: true, meta: metaFor(config, i18n, language, invite), ...page, data };
  }

  return {
    ok: true,
    renderer: {
      app: config.app,
      bikeBase: bikeApiBase(config),
      language: (linkLanguage, acceptLanguages) =>
        chooseLanguage([linkLanguage, ...acceptLanguages], config.languages, config.defaultLanguage),
      ogLocale: (language) => languageRow(language).ogLocale,
      siteMeta: (language) => metaFor(config, instanceFor(language), language, undefined),
      themeStyleSheet: themeStyleSheet(theme),
      cardStyle: theme.cardStyle,
      render,
    },
  };
};
