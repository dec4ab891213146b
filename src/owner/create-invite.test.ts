import { describe, expect, it } from 'vitest';
import { CARGO_BIKE, CITY_BIKE, invite } from '../test/owner-services.ts';
import { withCreated } from './create-invite.ts';

describe('the invite just made, in the cached list', () => {
  const made = invite('NEW1-CODE-2345', {}, 0, 7);

  it('comes first in its bike’s invites, the other bikes as they were', () => {
    const [city, cargo] = withCreated([CITY_BIKE, CARGO_BIKE], 1, made)!;
    expect(city!.invites.map((each) => each.code)).toEqual(['NEW1-CODE-2345', 'OPEN-0001', 'OLD-EXPIRED']);
    expect(cargo).toBe(CARGO_BIKE);
  });

  it('is listed once when a reading since a lost answer has it already', () => {
    const readBack = { ...CITY_BIKE, invites: [made, ...CITY_BIKE.invites] };
    const [city] = withCreated([readBack], 1, made)!;
    expect(city!.invites.filter((each) => each.code === made.code)).toHaveLength(1);
  });

  it('leaves a list not read yet, or a service without owner calls, as it is', () => {
    expect(withCreated(undefined, 1, made)).toBeUndefined();
    expect(withCreated(null, 1, made)).toBeUndefined();
  });
});
