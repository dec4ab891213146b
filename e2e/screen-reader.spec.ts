import type { Page } from '@playwright/test';
import { atRest, expect, inEnglish, test, texts, type Text } from './fixtures.ts';
import { InviteFlow } from './support/invite-page.ts';
import { createInvite, newInvitee } from './support/owner.ts';
import {
  banner,
  button,
  heading,
  img,
  link,
  main,
  paragraph,
  parent,
  qrHandOff,
  template,
  type Tree,
} from './support/page-tree.ts';

// What a screen reader hears on each page of the journey, and where focus is after each
// navigation. A route change made in the app puts focus on the new page's h1 (decision 0023); a page
// load leaves focus to the browser. Each thing on a page is heard once, by a name that says what it is.

const BRAND = 'Sparta'; // the demo config's brand
const OWNER = 'Sofie de Vries';
const BIKE = 'Blue city bike';

/** The page trees of the journey, in the page's language; `mobile`: a phone (store link, no QR code). */
function pages(t: Text, { mobile, address, invitee }: { mobile: boolean; address: string; invitee: string }) {
  const bikePhoto = img(t('invite-page.bike-alt', { bike: BIKE }));
  const appLink: Tree = mobile
    ? parent('paragraph', undefined, link(t('invite-decline-page.app-link')))
    : qrHandOff(t, address);
  const invitePage = (...children: Tree[]) => template(banner(t, BRAND, t('invite-page.title')), main(...children));
  return {
    invite: invitePage(
      bikePhoto,
      heading(t('invite-page.invite.text_bike', { owner: OWNER, bike: BIKE }), 2),
      button(t('invite-page.btn.decline')),
      button(t('invite-page.btn.accept')),
    ),
    decline: template(
      banner(t, BRAND, t('invite-decline-page.title')),
      main(
        bikePhoto,
        paragraph(t('invite-decline-page.content.text', { owner: OWNER })),
        link(t('invite-decline-page.btn.back')),
        appLink,
      ),
    ),
    login: invitePage(
      paragraph(OWNER),
      bikePhoto,
      heading(t('invite-page.login.title'), 2),
      paragraph(t('invite-page.login.text_bike')),
      button(t('invite-page.login.btn')),
    ),
    confirm: invitePage(
      paragraph(OWNER),
      bikePhoto,
      heading(t('invite-page.confirm.title'), 2),
      img(t('user-card.avatar-alt', { name: invitee })),
      paragraph(t('invite-page.confirm.text_bike', { bike: BIKE })),
      button(t('invite-page.btn.logout')),
      button(t('invite-page.btn.confirm')),
    ),
    accepted: template(
      banner(t, BRAND, t('invite-accepted-page.title')),
      main(
        heading(t('invite-accepted-page.content.title'), 2),
        paragraph(t('invite-accepted-page.content.shared', { owner: OWNER, bike: BIKE })),
        paragraph(t(`invite-accepted-page.content.text.${mobile ? 'mobile' : 'non-mobile'}_bike`)),
        ...(mobile
          ? [link(t('invite-accepted-page.btn.right'))]
          : [link(t('store.google-play')), link(t('store.app-store')), qrHandOff(t, address)]),
      ),
    ),
  };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A page reached by a route change in the app: its h1 has the focus, and its tree is as expected. */
async function expectArrived(page: Page, title: string, tree: string): Promise<void> {
  await expect(h1(page)).toHaveText(title);
  await expect(h1(page)).toBeFocused();
  await expect(page.locator('body')).toMatchAriaSnapshot(tree);
}

// What a screen reader hears, in English; each of these pages' axe check is where that page is the
// subject (e2e/invite.spec.ts, e2e/outcome-pages.spec.ts, e2e/login.spec.ts), and every language's in
// e2e/languages.spec.ts.
inEnglish((language) => {
  test('the journey as a screen reader hears it: each page once, focus on its h1 after each navigation', async ({
    page,
    baseURL,
    isMobile,
  }) => {
    test.slow(); // eleven pages: three times the usual time limit
    const t = await texts(page, language);
    const person = await newInvitee(baseURL!);
    const tree = pages(t, { mobile: isMobile, address: `${baseURL}/my-account/app-download`, invitee: person.name });
    const invite = new InviteFlow(page, t);
    const code = await createInvite(baseURL!);

    // Opened from the link: a page load, which the browser announces; focus stays where it put it.
    await invite.open(code);
    await expect(page.locator('body')).toMatchAriaSnapshot(tree.invite);
    await expect(h1(page)).not.toBeFocused();
    await atRest(page);

    await invite.button('invite-page.btn.decline').click();
    await expectArrived(page, t('invite-decline-page.title'), tree.decline);
    await atRest(page);

    // The browser's Back and Forward are route changes too.
    await page.goBack();
    await expectArrived(page, t('invite-page.title'), tree.invite);
    await page.goForward();
    await expectArrived(page, t('invite-decline-page.title'), tree.decline);

    await page.getByRole('link', { name: t('invite-decline-page.btn.back') }).click();
    await expectArrived(page, t('invite-page.title'), tree.invite);

    // Within the invite page, the new step's heading takes the focus.
    await invite.accept();
    await expect(invite.heading(t('invite-page.login.title'))).toBeFocused();
    await expect(page.locator('body')).toMatchAriaSnapshot(tree.login);
    await atRest(page);

    // Back from the identity service is a page load again.
    await invite.signInFromPrompt(person.email);
    await expect(page.locator('body')).toMatchAriaSnapshot(tree.confirm);
    await expect(h1(page)).not.toBeFocused();
    await atRest(page);

    await invite.confirm();
    await expectArrived(page, t('invite-accepted-page.title'), tree.accepted);
  });

  test('the login page opened with ?error=login.failed announces its alert', async ({ page }) => {
    // What a screen reader announces is a change to a live region already in the page; an alert
    // that comes with its text already in it is read as part of the page, or not at all.
    await page.addInitScript(() => {
      const seen: { event: string; text: string | null }[] = [];
      const known = new WeakSet<Element>(); // a region is added once, whichever ancestor's record tells
      Object.assign(window, { liveRegionEvents: seen });
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.addedNodes.length === 0) continue;
          for (const added of record.addedNodes) {
            if (!(added instanceof Element)) continue;
            const alerts = [added, ...added.querySelectorAll('[role="alert"]')];
            for (const alert of alerts.filter((element) => element.matches('[role="alert"]') && !known.has(element))) {
              known.add(alert);
              seen.push({ event: 'region added', text: alert.textContent });
            }
          }
          const region = record.target instanceof Element ? record.target.closest('[role="alert"]') : null;
          if (region) seen.push({ event: 'region filled', text: region.textContent });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const t = await texts(page, language);
    await page.goto('/my-account/login?error=login.failed');
    await expect(page.getByRole('alert')).toHaveText(t('login.failed'));
    expect(await page.evaluate(() => (window as unknown as { liveRegionEvents: unknown }).liveRegionEvents)).toEqual([
      { event: 'region added', text: '' },
      { event: 'region filled', text: t('login.failed') },
    ]);
    await expect(page.locator('body')).toMatchAriaSnapshot(
      template(
        banner(t, BRAND, t('login-page.title')),
        main([`- alert: ${JSON.stringify(t('login.failed'))}`], button(t('login-page.btn.login'))),
      ),
    );
  });
});
