import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Later } from './later.tsx';
import { ServerPageProvider, stagedHydration, useHydrated, type ServerPage } from './use-hydrated.ts';

describe('stagedHydration', () => {
  it('stages nothing where the app does not hydrate', () => {
    const stages = stagedHydration(false);
    const run = vi.fn();
    expect(stages.turnOf('page')).toBeUndefined();
    stages.afterSettled(run);
    expect(run).toHaveBeenCalledOnce();
  });

  it('gives each part its turn in the order asked, and settles after the last', async () => {
    const stages = stagedHydration(true);
    const order: string[] = [];
    const first = stages.turnOf('first')!;
    const second = stages.turnOf('second')!;
    expect(stages.turnOf('first')).toBe(first); // asked again while it waits: the same turn
    void first.then(() => order.push(`first (second waits: ${stages.turnOf('second') !== undefined})`));
    void second.then(() => order.push('second'));
    stages.afterSettled(() => order.push('settled'));
    await vi.waitFor(() => expect(order).toContain('settled'));
    expect(order).toEqual(['first (second waits: true)', 'second', 'settled']);
    expect(stages.turnOf('third')).toBeUndefined();
  });

  it('cancels a run asked for before it settles', async () => {
    const stages = stagedHydration(true);
    void stages.turnOf('page');
    const run = vi.fn();
    stages.afterSettled(run)();
    const after = vi.fn();
    stages.afterSettled(after);
    await vi.waitFor(() => expect(after).toHaveBeenCalled());
    expect(run).not.toHaveBeenCalled();
  });
});

const rendered: string[] = [];
const clicks = vi.fn();

function Part({ name }: { name: string }) {
  const hydrated = useHydrated();
  rendered.push(`${name} ${hydrated ? 'hydrated' : 'as the server'}`);
  return (
    <button type="button" onClick={() => clicks(name)}>
      {name} {hydrated ? 'here' : 'served'}
    </button>
  );
}

function Page() {
  rendered.push(`page ${useHydrated() ? 'hydrated' : 'as the server'}`);
  return (
    <main>
      <Later part="first">
        <Part name="first" />
      </Later>
      <Later part="second">
        <Part name="second" />
      </Later>
    </main>
  );
}

const app = (serverPage: ServerPage) => (
  <ServerPageProvider value={serverPage}>
    <Page />
  </ServerPageProvider>
);

describe('Later', () => {
  const root = document.createElement('div');
  afterEach(() => root.remove());

  it('hydrates each part after the page around it, keeps the server’s nodes, and shows the browser’s state only once all have', async () => {
    root.innerHTML = renderToString(app({ shown: true, stages: stagedHydration(false) }));
    document.body.append(root);
    const served = [...root.querySelectorAll('button')];
    expect(served.map((button) => button.textContent)).toEqual(['first served', 'second served']);
    rendered.length = 0;

    hydrateRoot(root, app({ shown: true, stages: stagedHydration(true) }));
    expect(rendered).toEqual(['page as the server']); // the parts wait for their turns
    expect([...root.querySelectorAll('button')]).toEqual(served);

    await vi.waitFor(() => expect(root.textContent).toBe('first heresecond here'));
    expect(rendered).toEqual([
      'page as the server',
      'first as the server',
      'second as the server',
      'page hydrated',
      'first hydrated',
      'second hydrated',
    ]);
    expect([...root.querySelectorAll('button')]).toEqual(served); // adopted, not replaced
    served[1]!.click();
    expect(clicks).toHaveBeenCalledWith('second');
  });
});
