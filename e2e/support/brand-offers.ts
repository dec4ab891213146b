import { request } from 'node:http';
import themes from '../../src/contract/themes.json' with { type: 'json' };

type Offer = { brand: string; languages: string[]; defaultLanguage?: string };

/** A brand's config.json as the demo serves it on `{brand}.localhost` (asked over loopback: Node does not resolve *.localhost). */
function offerOf(service: URL, brand: string): Promise<Offer> {
  return new Promise((resolve, reject) => {
    const asking = request(
      {
        host: service.hostname,
        port: service.port,
        path: '/assets/config.json',
        headers: { host: `${brand}.localhost:${service.port}` },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const config = JSON.parse(body) as Omit<Offer, 'brand'>;
          resolve({ brand, languages: config.languages, defaultLanguage: config.defaultLanguage });
        });
      },
    );
    asking.on('error', reject).end();
  });
}

const offers = new Map<string, Promise<Offer[]>>();

/** The origin of a demo brand offering `language` (its own language if one has it), or undefined. */
export async function brandOffering(service: string, language: string): Promise<string | undefined> {
  const url = new URL(service);
  const brands = Object.keys(themes).filter((key) => key !== 'default');
  if (!offers.has(url.origin)) offers.set(url.origin, Promise.all(brands.map((brand) => offerOf(url, brand))));
  const all = await offers.get(url.origin)!;
  const found =
    all.find((offer) => offer.defaultLanguage === language) ?? all.find((offer) => offer.languages.includes(language));
  return found && `http://${found.brand}.localhost:${url.port}`;
}
