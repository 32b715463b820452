// jsdom computes an element's style by matching it against every rule of every style sheet, through nwsapi, which
// keeps compiled selectors in least-recently-used caches of 1,000 entries. A screen with antd's big components
// (modals, forms, tables, selects) injects more rules than that, so each pass over the rules in order evicts the
// very selectors the next pass needs: every getComputedStyle compiles all of them again (~85 ms each here). Role
// queries (accessible names, hidden checks) and user-event's pointer-events check call it for every candidate
// element, which is where the slow dialog tests spent their minutes. Giving those two caches no limit makes each
// selector compile once per file; what matches what is unchanged.

interface SelectorCache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  has(key: string): boolean;
  clear(): void;
  size(): number;
}

interface SelectorEngine {
  matchResolvers: SelectorCache;
  matchLambdas: SelectorCache;
}

/** The engine field jsdom creates on the document (its implementation object) the first time it matches a style. */
const ENGINE_FIELD = '_nwsapiDontThrow';

function unlimited(cache: SelectorCache): void {
  const entries = new Map<string, unknown>();
  cache.get = (key) => entries.get(key);
  cache.set = (key, value) => {
    entries.set(key, value);
    return value;
  };
  cache.has = (key) => entries.has(key);
  cache.clear = () => entries.clear();
  cache.size = () => entries.size;
}

function widen(engine: SelectorEngine): void {
  unlimited(engine.matchResolvers);
  unlimited(engine.matchLambdas);
}

/** Lifts the size limit of the selector caches jsdom's style computation uses, for this test file's document. */
export function widenSelectorCache(): void {
  const implKey = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl = implKey && (document as unknown as Record<symbol, Record<string, unknown>>)[implKey];
  if (!impl) throw new Error('jsdom document implementation not found');
  const existing = impl[ENGINE_FIELD] as SelectorEngine | undefined;
  if (existing) {
    widen(existing);
    return;
  }
  // Not created yet: widen it as jsdom creates it.
  let engine: SelectorEngine | undefined;
  Object.defineProperty(impl, ENGINE_FIELD, {
    configurable: true,
    get: () => engine,
    set: (created: SelectorEngine) => {
      engine = created;
      widen(created);
    },
  });
}
