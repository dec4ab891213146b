import { describe, expect, it } from 'vitest';
import { SERVER_DATA_ID } from '../contract/page-protocol.ts';
import { readServerData, serializeServerData, type ServerData } from './server-data.ts';

const hostile = [
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<!--',
  'a\u2028b\u2029c',
  '🚲',
];

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`;
  return doc;
}

describe('server data', () => {
  it.each(hostile)('carries %j through a <script> element unchanged', (name) => {
    const data = {
      config: {},
      language: 'en',
      texts: { en: { greeting: name } },
      router: {
        loaderData: { invite: { code: 'A', invite: { state: 'loaded', invite: { owner_display_name: name } } } },
      },
    } as unknown as ServerData;
    const json = serializeServerData(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    const doc = pageWith(json);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(readServerData(doc)).toEqual(data);
  });

  it('is absent on a page the server did not render, or when it cannot be read', () => {
    expect(readServerData(document.implementation.createHTMLDocument())).toBeUndefined();
    expect(readServerData(pageWith('{not json'))).toBeUndefined();
  });
});
