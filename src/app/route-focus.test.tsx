import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusOnRouteChange } from './route-focus.ts';

function Page({ title, to }: { title: string; to: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      <Link to={to}>next</Link>
      <button onClick={() => navigate(-1)}>back</button>
    </>
  );
}

function Shell({ later }: { later?: ComponentType }) {
  useFocusOnRouteChange();
  const Later = later;
  return (
    <Routes>
      <Route path="/a" element={<Page title="Page A" to="/b" />} />
      <Route
        path="/b"
        element={
          Later ? (
            <Suspense fallback={<p>loading</p>}>
              <Later />
            </Suspense>
          ) : (
            <Page title="Page B" to="/a" />
          )
        }
      />
    </Routes>
  );
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('focus on route change', () => {
  it('leaves the first page alone, then focuses each new page’s h1, Back included', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next' })));
    expect(document.activeElement).toBe(heading('Page B'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'back' })));
    expect(document.activeElement).toBe(heading('Page A'));
  });

  it('waits for a page whose heading comes later', async () => {
    const shown: { resolve?: (page: { default: ComponentType }) => void } = {};
    const Later = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (shown.resolve = resolve)));
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Shell later={Later} />
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next' })));
    expect(document.activeElement).toBe(document.body); // nothing to focus while the page loads
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await act(async () => shown.resolve?.({ default: () => <h1 tabIndex={-1}>Page B</h1> }));
    expect(document.activeElement).toBe(await screen.findByRole('heading', { level: 1, name: 'Page B' }));
  });
});
