// `@testing-library/react` for the component tests (vitest.config.ts): Preact's, with DOM Testing
// Library's own fireEvent in act(): Preact's fires `input` for a select's `change` (decision 0050).
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
