// Inline in a page with a signed-in side, after the addresses it names (decision 0056): with a stored session,
// its signed-in part asked of the app server at once, and its style sheet, ahead of the app's files.
import { PAGE_META, handOverReads, namedOn } from '../contract/page-protocol.ts';
import { isSignInReturn, readSignInReturnParams } from '../contract/sign-in-return.ts';
import { PART_PAGE_PARAM, PART_TIMEOUT_MS, type SignedInPart } from '../contract/signed-in-part.ts';
import { authorizationValue, storedString } from '../contract/stored-session.ts';
import { DEFAULT_ACCEPT, timedFetch } from '../http/timed-fetch.ts';
import { readStored } from '../storage/web-storage.ts';
import { SIGNED_IN_PART_ID, SIGNED_IN_PART_MARK, TAKEN_ATTRIBUTE } from './contract.ts';
import { isStyleSheet, parsed, preload, storedToken } from './page-tools.ts';

const html = document.documentElement;
const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const storedSession = storedToken();
const pageReads = namedOn(document, PAGE_META.sessionRead);
const partSheets = namedOn(document, PAGE_META.signedIn).filter(isStyleSheet);
if (storedSession !== undefined && pageReads.length > 0 && !isSignInReturn(readSignInReturnParams(location.search))) {
  sendReads(storedSession, pageReads);
  partSheets.forEach(preload);
}

// The reads answered by the app server with the signed-in part (decision 0056); without one, sent as the app would.
function sendReads(token: string, reads: readonly string[]): void {
  const authorization = authorizationValue(storedString(readStored('access_token_type')), token);
  const headers = { Accept: DEFAULT_ACCEPT, Authorization: authorization };
  const [partAddress] = namedOn(document, PAGE_META.signedInPart);
  const page = encodeURIComponent(window.location.pathname + window.location.search);
  const part: Promise<SignedInPart | Response | undefined> = partAddress
    ? timedFetch(`${partAddress}?${PART_PAGE_PARAM}=${page}`, { method: 'GET', headers }, PART_TIMEOUT_MS)
        .then(async (answer) => (answer.ok ? asPart(await answer.json()) : answer.status === 401 ? answer : undefined))
        .catch(() => undefined)
    : Promise.resolve(undefined);
  const answers = new Map<string, Promise<Response>>();
  for (const read of reads) {
    // A token refused is refused by every read: the app refreshes it at once, not after sending them.
    const answer = part.then((got) =>
      got instanceof Response
        ? got.clone()
        : got && Object.hasOwn(got.reads, read)
          ? new Response(JSON.stringify(got.reads[read]), { headers: { 'content-type': 'application/json' } })
          : timedFetch(read, { method: 'GET', headers, credentials: 'same-origin' }),
    );
    answer.catch(() => undefined); // read, and its failure told, by the app
    answers.set(new URL(read, window.location.href).href, answer);
  }
  handOverReads({ authorization, answers });
  void part.then((got) => (got && !(got instanceof Response) ? showPart(got.html) : undefined));
}

const asPart = (answer: Partial<SignedInPart> | null): SignedInPart | undefined =>
  typeof answer?.html === 'string' && typeof answer.reads === 'object' && answer.reads !== null
    ? (answer as SignedInPart)
    : undefined;

/** The part in place of the page's routed area once the page is parsed and the signed-in style sheet is in, unless the app's own is shown. */
async function showPart(part: string): Promise<void> {
  await parsed();
  await Promise.all(partSheets.map(styleSheet));
  const root = document.getElementById('root');
  if (!root || html.hasAttribute(SIGNED_IN_PART_MARK)) return;
  // Its pictures come with the app's page: on a phone's link they held the app's files back (the logo is in).
  const parsedPart = Object.assign(document.createElement('template'), { innerHTML: part }).content;
  for (const image of parsedPart.querySelectorAll<HTMLImageElement>('main img')) image.src = NO_PICTURE;
  const shown = Object.assign(document.createElement('div'), { id: SIGNED_IN_PART_ID });
  shown.append(parsedPart);
  root.after(shown);
  html.setAttribute(SIGNED_IN_PART_MARK, 'shown');
  document.addEventListener('click', keepPartTap, true);
}

// The part's first tapped button kept, shown taken, for the app (dropSignedInPart); its other buttons do nothing.
function keepPartTap(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.(`#${SIGNED_IN_PART_ID} button`);
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!button.closest(`#${SIGNED_IN_PART_ID}`)?.querySelector(`[${TAKEN_ATTRIBUTE}]`)) {
    button.setAttribute(TAKEN_ATTRIBUTE, '');
  }
}

const styleSheet = (href: string) =>
  new Promise((settled) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', crossOrigin: '', href });
    link.addEventListener('load', settled);
    link.addEventListener('error', settled);
    document.head.append(link);
  });
