import { inject } from 'vitest';

/** A production build of the app: the browser's app and the server's renderer. */
export type TestBuild = { distDir: string; ssrDir: string };

/** The build this test run made (app-server/test/build-setup.ts), for the tests that serve it. */
export const testBuild = (): TestBuild => inject('build');
