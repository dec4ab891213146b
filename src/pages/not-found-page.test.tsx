import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addressOf, renderApp, startServices } from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service

describe('not-found page', () => {
  it('an address outside the route table: says so, with a link home', async () => {
    const { router, user } = renderApp('/my-account/invite/K7MQ-9XPA/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist or has moved.")).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(addressOf(router)).toBe('/my-account');
  });
});
