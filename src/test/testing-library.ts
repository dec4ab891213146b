// What the component tests import as `@testing-library/react` (vitest.config.ts): Preact's Testing
// Library, with DOM Testing Library's own fireEvent, each event in act() as React's library has it.
// Preact's fires `input` for a `change`, which is wrong for a select (docs/decisions/0050-preact.md).
import { configure } from '@testing-library/dom';
import { act } from '@testing-library/preact';

export * from '@testing-library/preact';
export { fireEvent } from '@testing-library/dom';

configure({
  eventWrapper: (event) => {
    let result: unknown;
    void act(() => {
      result = event();
    });
    return result;
  },
});
