// The app's global styles first: the folders' own style sheets (src/early/early.css) come after them.
import './ui/ui.css';
import { steps } from './start/steps.ts';
import {
  awaitReactDom,
  awaitTexts,
  readBoot,
  loadPage,
  measureField,
  makeI18n,
  makeRouter,
  show,
  startSession,
  translate,
} from './start/start-steps.tsx';

// Start-up in the browser, one path (docs/architecture.md#how-a-page-starts): each step a task of
// its own, in this order (docs/decisions/0044-start-up-in-one-room.md).
// A chain, not top-level await: the chunks this entry loads import from it, so it must finish.
void steps(readBoot)
  .next(startSession)
  .next(loadPage)
  .next(makeRouter)
  .next(awaitTexts)
  .next(makeI18n)
  .next(translate)
  .next(awaitReactDom)
  .next(show)
  .and(measureField)
  .run();
