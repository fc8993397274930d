import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadFrameParser } from '../lib/realtime-client';
import { recordConsoleError, takeConsoleErrors } from './console-errors';
import { FakeWebSocket } from './fake-websocket';
import { fakeMediaQueryList } from './pointer';

// Pages are lazy chunks that Vitest transforms on first use, each importing its
// feature's modules; on a 2-core machine running the server tests beside them
// that took over 3 s once. The wait only lengthens a test that fails anyway.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine relies on.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => fakeMediaQueryList(query, false),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Textarea autosize listens to font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// The realtime client reads frames with a lazily loaded parser (realtime-client.ts); loaded
// up front, fake servers' frames are read as they are delivered, as in a running app.
beforeAll(() => loadFrameParser());

const originalConsoleError = console.error;

beforeEach(() => {
  // No test reaches a real server over WebSocket; realtime tests play the server (fake-websocket.ts).
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  takeConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recordConsoleError(args);
    originalConsoleError(...args);
  });
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) {
    const messages = unexpected.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error during the test:\n${messages}`);
  }
});
