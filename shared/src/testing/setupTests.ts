// Runs before every test file of every front-end package (tooling/jest.preset.cjs).
import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { resetSharedState } from './resetSharedState';
import { widenSelectorCache } from './widenSelectorCache';

// No test opens a real socket: socket.io-client is a fake that tests drive with pushJobUpdate().
jest.mock('socket.io-client', () => jest.requireActual<object>('./fakeSocketIo'));

// The machine is shared and antd renders slowly under jsdom: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// antd reads media queries (Grid, responsive observers); jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom has no MessageChannel; antd's forms use one to defer work to a macrotask. Node's own would keep
// ports open after the test, so this one delivers through setTimeout (fake timers apply to it too).
class TimerMessagePort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  peer: TimerMessagePort | null = null;
  postMessage(data: unknown): void {
    const target = this.peer;
    setTimeout(() => target?.onmessage?.(new MessageEvent('message', { data })), 0);
  }
  start(): void {}
  close(): void {
    this.onmessage = null;
  }
}

class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

if (typeof window.MessageChannel === 'undefined') {
  Object.defineProperty(window, 'MessageChannel', {
    writable: true,
    configurable: true,
    value: TimerMessageChannel,
  });
}

// jsdom has no ResizeObserver; antd's Dropdown, Tooltip and Table observe sizes.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window.ResizeObserver === 'undefined') {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// antd injects more style rules than jsdom's selector caches hold: without this every style lookup recompiles them.
widenSelectorCache();

// jsdom does not implement pseudo-element styles and logs an error each time antd asks for them.
const getComputedStyleOfElement = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyleOfElement(element);

// jsdom logs "not implemented" for scrolling; antd scrolls into view on form errors.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  // Unmount first, so that resetting the stores does not update mounted components outside act().
  cleanup();
  resetSharedState();
});
