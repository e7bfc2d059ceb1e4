// The web app's client captures fetch when it loads, and in a worker that keeps its modules the
// first file to load it decides for every later one: the fake network goes in before any file.
import './fake-network.ts';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setupVitestCanvasMock } from 'vitest-canvas-mock';

/**
 * The test page has no canvas drawing (happy-dom's `getContext` gives null), and a chart whose
 * drawing module is already loaded draws while its test runs: every file's page gets a canvas that
 * takes the drawing calls and draws nothing.
 */
beforeAll(() => {
  if (typeof window !== 'undefined') setupVitestCanvasMock(window);
});

/**
 * The web, machine and unit test workers run one file after another in the same process and the
 * same page (vitest.config.ts, `isolate: false`), so what one test or file leaves behind is undone
 * here, for every file (a hook a shared helper registers runs for the first file that loads it
 * only): each test's rendered screens and stored preferences, and at a file's end its fake
 * timers, replaced methods and globals, its page address and its language.
 */
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
  // The language a file switched to is not the next file's.
  const { default: i18next } = await import('../../src/web/i18n/index.ts');
  if (i18next.language !== 'en-GB') await i18next.changeLanguage('en-GB');
});
