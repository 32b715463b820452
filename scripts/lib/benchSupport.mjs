// What the server-side benchmarks share: the built server's modules, and the same generated data on every run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './workspace.mjs';

/** A module of the built server (server/dist), e.g. 'db/openDatabase.js'. */
export function importServerModule(relativePath) {
  return import(pathToFileURL(path.join(ROOT, 'server', 'dist', relativePath)).href);
}

/** A deterministic pseudo-random sequence, so that two runs generate the same data and send the same requests. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    pick: (list) => list[Math.floor(next() * list.length)],
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}
