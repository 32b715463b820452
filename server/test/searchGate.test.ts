import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSearchGate, SearchGateTimeoutError } from '../src/features/patients/createSearchGate.js';

const later = (ms: number) => performance.now() + ms;

describe('the gate in front of the search reads', () => {
  it('lets in as many searches as it has slots, then the others in arrival order as slots free up', async () => {
    const gate = createSearchGate(2);
    const admitted: string[] = [];
    const enter = (name: string) =>
      gate.enter(later(1000)).then((leave) => {
        admitted.push(name);
        return leave;
      });
    const [leaveA, leaveB] = await Promise.all([enter('a'), enter('b')]);
    const c = enter('c');
    const d = enter('d');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(admitted, ['a', 'b'], 'no third search while two are in');
    leaveB!();
    leaveB!();
    const leaveC = await c;
    assert.deepEqual(admitted, ['a', 'b', 'c'], 'leaving twice frees one slot only');
    leaveA!();
    (await d)();
    leaveC();
    assert.deepEqual(admitted, ['a', 'b', 'c', 'd']);
    (await gate.enter(later(10)))();
  });

  it('turns away a search whose deadline passes while it waits, and keeps its place for the next', async () => {
    const gate = createSearchGate(1);
    const leave = await gate.enter(later(1000));
    await assert.rejects(gate.enter(later(20)), SearchGateTimeoutError);
    const next = gate.enter(later(1000));
    leave();
    (await next)();
  });
});
