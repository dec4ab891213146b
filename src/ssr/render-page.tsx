// The app server's renderer (dist-ssr/): the browser's routes through React Router's static handler
// (contract: renderer-contract.ts; previews: page-meta.ts; data: server-sources.ts).
import type { i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import PAGE_SCRIPT from 'virtual:page-script';
import SIGNED_IN_SCRIPT from 'virtual:signed-in-script';
import { createApp } from '../app/create-app.tsx';
import { pageModulesAt, signedInAt, type PageData } from '../app/routes.tsx';
import { serializeServerData } from '../app/server-data.ts';
import { isSignInReturn, readSignInReturnParams } from '../contract/sign-in-return.ts';
import { OAUTH_FLOW_MODULE } from '../auth/load-oauth.ts';
import { themeStyleSheet } from '../brand/apply-theme.ts';
import { themeFor } from '../contract/themes.ts';
import { chooseLanguageWhy, type Language } from '../contract/languages.ts';
import { ROUTE_PREFIX, type RouteName } from '../contract/paths.ts';
import { createI18n } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from '../invite/invite-api.ts';
import { ogLocale, pageMeta } from './page-meta.ts';
import { recentPages } from './recent-pages.ts';
import type { RenderedPage, RendererModule, RenderRequest } from './renderer-contract.ts';
import { renderOnlySession, serverSources } from './server-sources.ts';
import { partRendered, renderSignedInPart } from './signed-in-part.tsx';

export { PAGE_SCRIPT, SIGNED_IN_SCRIPT };

/** The invite's photo, the page's largest picture, preloaded first in the head at high priority. */
const photoPreload = (invite: BikeInvite | undefined) =>
  invite ? renderToString(<link rel="preload" as="image" fetchPriority="high" href={invite.bike_image_url} />) : '';

/** Every invite the page's loaders read is there: nothing on the page waits for the browser. */
const complete = (loaderData: Record<string, unknown>) =>
  Object.values(loaderData).every((data) => {
    const invite = (data as PageData | null)?.invite;
    return !invite || invite.state === 'loaded';
  });

/** Prepares rendering for one brand's config (one i18next instance per language). */
export const createRenderer: RendererModule['createRenderer'] = ({ config, texts }) => {
  const instances = new Map<Language, i18n>(
    config.languages.map((language) => [language, createI18n(language, config.languages, texts)]),
  );
  const instanceFor = (language: Language) => instances.get(language) ?? instances.values().next().value!;
  const theme = themeFor(config.app);
  const recent = recentPages<{ head: string; html: string }>(256);

  async function render({ address, language: choice, userAgent, readInvite }: RenderRequest): Promise<RenderedPage> {
    const { language } = choice;
    const i18n = instanceFor(language);
    const url = new URL(address, 'http://app.invalid');
    const app = createApp({
      config,
      brand: theme.name,
      sources: serverSources(readInvite, userAgent),
      signInReturn: readSignInReturnParams(url.search),
      session: renderOnlySession,
      serverPage: true,
    });
    const handler = createStaticHandler(app.routes, { basename: ROUTE_PREFIX });
    const context = await handler.query(new Request(url));
    if (context instanceof Response || !complete(context.loaderData)) {
      return { rendered: false, meta: pageMeta(config, i18n, language) };
    }
    const leaf = context.matches.at(-1);
    const load =
      leaf?.route.id === ('invite' satisfies RouteName) ? (context.loaderData.invite as PageData).invite : undefined;
    const invite = load?.state === 'loaded' ? load.invite : undefined;

    const key = JSON.stringify([language, address, context.loaderData]);
    let page = recent.get(key);
    if (!page) {
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = renderToString(
        app.render(<StaticRouterProvider router={router} context={context} hydrate={false} />, i18n),
      );
      page = { head: photoPreload(invite), html };
      recent.set(key, page);
    }
    const data = serializeServerData({
      config,
      brand: theme.name,
      language,
      languageReason: choice.reason,
      texts: { [language]: texts[language] },
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    });
    return { rendered: true, meta: pageMeta(config, i18n, language, invite), ...page, data };
  }

  const signedIn = (pathname: string) => {
    const side = signedInAt(pathname, config);
    return { ...side, part: side.reads.length > 0 && partRendered(config) };
  };

  return {
    language: ({ choice, link, accept }) =>
      chooseLanguageWhy({ choice, link, browser: accept }, config.languages, config.defaultLanguage),
    ogLocale,
    siteMeta: (language) => pageMeta(config, instanceFor(language), language),
    themeStyleSheet: themeStyleSheet(theme),
    cardStyle: theme.cardStyle,
    pageModules: (pathname, search) => [
      ...pageModulesAt(pathname),
      // Its next step waits for the code exchange: the sign-in code comes with the app, not after it.
      ...(isSignInReturn(readSignInReturnParams(search)) ? [OAUTH_FLOW_MODULE] : []),
    ],
    signedIn,
    render,
    renderSignedIn: ({ pathname, language, answers }) =>
      signedIn(pathname).part ? renderSignedInPart(config, theme.name, instanceFor(language), answers) : undefined,
  };
};
