// jsdom test environment with the web platform globals jsdom lacks but MSW (and react-router) need.
// jsdom runs tests in its own realm without fetch, streams, TextEncoder or BroadcastChannel; Node 20
// has them all, so they are handed over from the Node realm (the approach of mswjs/jest-fixed-jsdom).
'use strict';

const { TestEnvironment: JSDOMEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'Blob',
  'File',
  'FormData',
  'Headers',
  'Request',
  'Response',
  'fetch',
  'structuredClone',
  'BroadcastChannel',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
];

class FixedJsdomEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of NODE_GLOBALS) {
      if (name in globalThis) this.global[name] = globalThis[name];
    }
  }
}

module.exports = FixedJsdomEnvironment;
module.exports.TestEnvironment = FixedJsdomEnvironment;
