import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addressOf, buttonNames, mainText, pageTitled, renderApp, startServices } from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service

describe('not-found page', () => {
  it('an address outside the route table: says so, with a link home', async () => {
    const { router, user } = renderApp('/my-account/invite/K7MQ-9XPA/unknown');
    expect(await pageTitled('Page not found')).toEqual(['h1 Page not found']);
    expect(mainText()).toContain("The page you're looking for doesn't exist or has moved.");
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await pageTitled('Log in')).toEqual(['h1 Log in']);
    expect(buttonNames()).toEqual(['Log in']);
    expect(addressOf(router)).toBe('/my-account');
  });
});
