import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';

describe('Alert', () => {
  it('is an empty live region first, and gets its text once the region is in the page', async () => {
    render(<Alert>Logging in didn't work.</Alert>);
    const region = screen.getByRole('alert');
    expect(region.textContent).toBe('');
    expect(region.className).toBe(''); // nothing red to see yet
    await screen.findByText("Logging in didn't work.");
    expect(screen.getByRole('alert')).toBe(region); // the same region, now with its text
    expect(region.className).toBe('alert');
  });
});
